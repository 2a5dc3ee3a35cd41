/**
 * Limits on credential attempts (issue 12 item 4: "Sign-in attempts are limited per account and
 * per client address (stored in Postgres, 429 with Retry-After), because Cognito's own limits lock
 * real supporters out at kick-off"). Each guarded call takes one attempt from three counters before
 * Cognito is asked (storage signInAttempts.ts: a sliding window, race-safe behind an advisory lock);
 * the first refusal answers 429 rate_limited with Retry-After:
 *   accountAtAddress  the account from this client address: the tight limit on guessing one
 *                     account's password, which does not lock the account for anyone else;
 *   account           the account from every address together: a looser cap on guessing spread
 *                     over many addresses;
 *   address           the client address, whatever the account: credential stuffing (one password
 *                     tried against many accounts).
 * A success (clearAttempts) forgets the account's attempts and gives the address back the attempt
 * it used, so the address limit counts failures only: a stadium's thousands of supporters behind
 * one address signing in correctly never use it up (issue 15 item 3: an attacker at one address
 * used to lock the real supporter out everywhere for 15 minutes).
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
import { clearSignInAttempts, refundSignInAttempt, takeSignInAttempt } from '../storage/signInAttempts.ts';

/** The budgets' policies: at most `limit` attempts per `windowMs`, per account and per address. */
export const ATTEMPT_POLICIES = {
  'sign-in': {
    accountAtAddress: { limit: 10, windowMs: 15 * 60_000 },
    account: { limit: 100, windowMs: 15 * 60_000 },
    address: { limit: 300, windowMs: 15 * 60_000 },
  },
  code: {
    accountAtAddress: { limit: 10, windowMs: 15 * 60_000 },
    account: { limit: 30, windowMs: 15 * 60_000 },
    address: { limit: 100, windowMs: 15 * 60_000 },
  },
} as const;

/** A budget of ATTEMPT_POLICIES. */
export type AttemptBudget = keyof typeof ATTEMPT_POLICIES;

/** The counters' keys of one attempt. */
function attemptKeys(c: Context<PlatformHonoEnv>, budget: AttemptBudget, account: string) {
  const who = account.trim().toLowerCase();
  const address = clientKey(c);
  return { address: `${budget}:${address}`, account: `${budget}:${who}`, accountAtAddress: `${budget}:${who}|${address}` };
}

/**
 * Takes one attempt of `budget` for `account` (a lower-case e-mail or a Cognito sub) from this
 * client address: the address's, the account's at this address and the account's overall.
 * @throws {ApiError} 429 rate_limited with Retry-After (seconds) when either is used up.
 */
export async function takeAttempt(c: Context<PlatformHonoEnv>, deps: PlatformDeps, budget: AttemptBudget, account: string): Promise<void> {
  const db = await deps.db.get();
  const now = deps.clock.now();
  const policy = ATTEMPT_POLICIES[budget];
  const keys = attemptKeys(c, budget, account);
  const checks = [
    { scope: 'address' as const, key: keys.address, ...policy.address },
    { scope: 'account' as const, key: keys.accountAtAddress, ...policy.accountAtAddress },
    { scope: 'account' as const, key: keys.account, ...policy.account },
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

/**
 * After a success: forgets the account's attempts of `budget` (overall and at this address) and
 * gives this address back the one attempt the success used, so the address counts failures only.
 */
export async function clearAttempts(c: Context<PlatformHonoEnv>, deps: PlatformDeps, budget: AttemptBudget, account: string): Promise<void> {
  const db = await deps.db.get();
  const keys = attemptKeys(c, budget, account);
  await clearSignInAttempts(db, 'account', keys.account);
  await clearSignInAttempts(db, 'account', keys.accountAtAddress);
  await refundSignInAttempt(db, 'address', keys.address);
}
