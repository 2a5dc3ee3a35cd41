/**
 * Limits on credential attempts (issue 12 item 4: "Sign-in attempts are limited per account and
 * per client address (stored in Postgres, 429 with Retry-After), because Cognito's own limits lock
 * real supporters out at kick-off"). Each guarded call takes one attempt for the account and one
 * for the client's address before Cognito is asked (storage signInAttempts.ts: a sliding window,
 * race-safe behind an advisory lock); the first refusal answers 429 rate_limited with Retry-After.
 *
 * Two budgets, so that codes and passwords do not share one:
 *   'sign-in'  password sign-in, the new-password step, change password (guessing a password)
 *   'code'     register, confirm, resend, forgot and reset password (guessing a 6-digit code,
 *              sending e-mails)
 * The address limits are generous on purpose: at kick-off thousands of supporters may share a
 * stadium's or a mobile network's address.
 */
import type { Context } from 'hono';
import type { PlatformDeps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { clientKey } from '../http/rateLimit.ts';
import type { PlatformHonoEnv } from '../http/types.ts';
import { clearSignInAttempts, takeSignInAttempt } from '../storage/signInAttempts.ts';

/** The budgets' policies: at most `limit` attempts per `windowMs`, per account and per address. */
export const ATTEMPT_POLICIES = {
  'sign-in': { account: { limit: 10, windowMs: 15 * 60_000 }, address: { limit: 300, windowMs: 15 * 60_000 } },
  code: { account: { limit: 10, windowMs: 15 * 60_000 }, address: { limit: 100, windowMs: 15 * 60_000 } },
} as const;

/** A budget of ATTEMPT_POLICIES. */
export type AttemptBudget = keyof typeof ATTEMPT_POLICIES;

/**
 * Takes one attempt of `budget` for `account` (a lower-case e-mail or a Cognito sub) and for the
 * request's client address.
 * @throws {ApiError} 429 rate_limited with Retry-After (seconds) when either is used up.
 */
export async function takeAttempt(c: Context<PlatformHonoEnv>, deps: PlatformDeps, budget: AttemptBudget, account: string): Promise<void> {
  const db = await deps.db.get();
  const now = deps.clock.now();
  const policy = ATTEMPT_POLICIES[budget];
  const checks = [
    { scope: 'address' as const, key: `${budget}:${clientKey(c)}`, ...policy.address },
    { scope: 'account' as const, key: `${budget}:${account.trim().toLowerCase()}`, ...policy.account },
  ];
  for (const check of checks) {
    const decision = await takeSignInAttempt(db, { ...check, now });
    if (!decision.allowed) {
      throw new ApiError(429, 'rate_limited', `Too many attempts; please try again in ${decision.retryAfterSeconds} seconds`, {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      });
    }
  }
}

/** Forgets the account's attempts of `budget` after a success (the address keeps counting). */
export async function clearAttempts(deps: PlatformDeps, budget: AttemptBudget, account: string): Promise<void> {
  await clearSignInAttempts(await deps.db.get(), 'account', `${budget}:${account.trim().toLowerCase()}`);
}
