/**
 * Limits on credential attempts (spec §7; docs/reliability.md "Sign-in attempts"): each guarded call
 * takes one attempt from the address (IPv6 by /64), account-at-address, account (progressive delays)
 * and known-device (deviceCookie.ts) counters before Cognito is asked (storage/signInAttempts.ts).
 * A success (clearAttempts) forgets the account's attempts and returns the address its attempt.
 * Accounts are keyed by their lower-case e-mail (attemptAccount). Budgets: 'sign-in' and 'code'.
 * Errors: the first refusal answers 429 rate_limited with Retry-After.
 */
import type { Context } from 'hono';
import type { PlatformDeps } from '../../platform/deps.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { clientKey } from '../../platform/http/rateLimit.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { clearSignInAttempts, refundSignInAttempt, takeSignInAttempt, takeSpacedAttempt, type AttemptDecision } from '../../platform/storage/signInAttempts.ts';
import { getUserBySub } from '../../platform/storage/users.ts';
import { cookieJar } from './cookies.ts';
import { issueDeviceCookie, knownDevice } from './deviceCookie.ts';

const WINDOW_MS = 15 * 60_000;

/** The budgets' policies (attempts per WINDOW_MS; `account` is progressive: free attempts, then delays). */
export const ATTEMPT_POLICIES = {
  'sign-in': {
    accountAtAddress: { limit: 10, windowMs: WINDOW_MS },
    account: { free: 20, windowMs: WINDOW_MS, baseDelayMs: 1_000, maxDelayMs: 60_000 },
    device: { limit: 10, windowMs: WINDOW_MS },
    address: { limit: 300, windowMs: WINDOW_MS },
  },
  code: {
    accountAtAddress: { limit: 10, windowMs: WINDOW_MS },
    account: { free: 10, windowMs: WINDOW_MS, baseDelayMs: 2_000, maxDelayMs: 60_000 },
    device: { limit: 10, windowMs: WINDOW_MS },
    address: { limit: 100, windowMs: WINDOW_MS },
  },
} as const;

/** A budget of ATTEMPT_POLICIES. */
export type AttemptBudget = keyof typeof ATTEMPT_POLICIES;

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/**
 * The one name an account's attempts are counted under: a typed e-mail lower-cased; a Cognito
 * username (the `sub`) as its account's e-mail when the platform knows the account; null for any
 * other name (the caller answers as for a wrong password without asking Cognito).
 */
export async function attemptAccount(deps: PlatformDeps, username: string): Promise<string | null> {
  const name = username.trim().toLowerCase();
  if (EMAIL_LIKE.test(name)) return name;
  const user = await getUserBySub(await deps.db.get(), username.trim());
  return user?.email ? user.email.toLowerCase() : null;
}

/** The counters' keys of one attempt. */
function attemptKeys(c: Context<PlatformHonoEnv>, budget: AttemptBudget, account: string, device: string | undefined) {
  const who = account.trim().toLowerCase();
  const address = clientKey(c);
  return {
    address: `${budget}:${address}`,
    account: `${budget}:${who}`,
    accountAtAddress: `${budget}:${who}|${address}`,
    device: device ? `${budget}:${who}|device:${device}` : undefined,
  };
}

function refuse(decision: Extract<AttemptDecision, { allowed: false }>): never {
  throw new ApiError(429, 'rate_limited', `Too many attempts; please try again in ${decision.retryAfterSeconds} seconds`, {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
}

/**
 * Takes one attempt of `budget` for `account` (an attemptAccount name) from this client: the
 * address's, then the known device's own — or, from an unknown device, the account's at this
 * address and the account's progressive one.
 * @throws {ApiError} 429 rate_limited with Retry-After (seconds) when one is used up or must wait.
 */
export async function takeAttempt(c: Context<PlatformHonoEnv>, deps: PlatformDeps, budget: AttemptBudget, account: string): Promise<void> {
  const db = await deps.db.get();
  const now = deps.clock.now();
  const policy = ATTEMPT_POLICIES[budget];
  const device = knownDevice(cookieJar(c, deps.env.COOKIE_SECURE), deps.env, account.trim().toLowerCase());
  const keys = attemptKeys(c, budget, account, device);
  const counted = async (scope: 'account' | 'address', key: string, limit: { limit: number; windowMs: number }) => {
    const decision = await takeSignInAttempt(db, { scope, key, ...limit, now });
    if (!decision.allowed) refuse(decision);
  };
  await counted('address', keys.address, policy.address);
  if (keys.device) {
    await counted('account', keys.device, policy.device);
    return;
  }
  await counted('account', keys.accountAtAddress, policy.accountAtAddress);
  const spaced = await takeSpacedAttempt(db, { scope: 'account', key: keys.account, ...policy.account, now });
  if (!spaced.allowed) refuse(spaced);
}

/**
 * After a success: forgets the account's attempts of `budget` (overall, at this address, of this
 * device), gives this address back the one attempt the success used and, for 'sign-in', issues
 * this browser a fresh device cookie for the account.
 */
export async function clearAttempts(c: Context<PlatformHonoEnv>, deps: PlatformDeps, budget: AttemptBudget, account: string): Promise<void> {
  const db = await deps.db.get();
  const jar = cookieJar(c, deps.env.COOKIE_SECURE);
  const who = account.trim().toLowerCase();
  const keys = attemptKeys(c, budget, account, knownDevice(jar, deps.env, who));
  await clearSignInAttempts(db, 'account', keys.account);
  await clearSignInAttempts(db, 'account', keys.accountAtAddress);
  if (keys.device) await clearSignInAttempts(db, 'account', keys.device);
  await refundSignInAttempt(db, 'address', keys.address);
  if (budget === 'sign-in') issueDeviceCookie(jar, deps.env, who);
}
