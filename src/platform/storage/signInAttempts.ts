/**
 * Sign-in attempts, limited per account and per client address (answered 429 with Retry-After by
 * the accounts routes). takeSignInAttempt counts the key's attempts in the sliding window and, when
 * under the limit, records this one — in one short transaction behind a transaction-scoped
 * advisory lock on the key, so simultaneous attempts cannot all slip under the limit.
 * takeSpacedAttempt is the progressive form: the first `free` attempts in the window pass, each
 * later one only once a delay (doubling from `baseDelayMs`, at most `maxDelayMs`) has passed since
 * the newest — slower and slower guessing, but never a wall the owner cannot get through.
 * The caller sets the policy (limit, window) and normalises keys (lower-case email, client IP).
 */
import { and, asc, count, desc, eq, gt, lt, max, min, sql } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { signInAttempts, type SignInAttemptScope } from './schema.ts';

/** One attempt to admit. */
export interface AttemptRequest {
  scope: SignInAttemptScope;
  key: string;
  /** Most attempts in any window (≥ 1). */
  limit: number;
  /** The sliding window in ms (> 0). */
  windowMs: number;
  now: Date;
}

/** Admitted (and recorded), or refused with when to try again (whole seconds, ≥ 1). */
export type AttemptDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Admits and records an attempt, or refuses it without recording.
 * @throws RangeError for a bad limit or window.
 */
export async function takeSignInAttempt(db: Executor, request: AttemptRequest): Promise<AttemptDecision> {
  if (!Number.isInteger(request.limit) || request.limit < 1) throw new RangeError('limit must be a whole number ≥ 1');
  if (!(request.windowMs > 0)) throw new RangeError('windowMs must be > 0');
  const { scope, key, now } = request;
  const since = new Date(now.getTime() - request.windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${scope}:${key}`}, 0))`);
    const inWindow = and(eq(signInAttempts.scope, scope), eq(signInAttempts.key, key), gt(signInAttempts.at, since));
    const [row] = await tx
      .select({ n: count(), oldest: min(signInAttempts.at) })
      .from(signInAttempts)
      .where(inWindow);
    const used = row?.n ?? 0;
    if (used >= request.limit) {
      // The window frees a place when its oldest attempts leave it; with more than `limit` in it
      // (a lowered limit), the place frees when the (used − limit + 1)-th oldest leaves.
      const [freeing] = await tx
        .select({ at: signInAttempts.at })
        .from(signInAttempts)
        .where(inWindow)
        .orderBy(asc(signInAttempts.at))
        .offset(used - request.limit)
        .limit(1);
      const frees = (freeing?.at ?? row?.oldest ?? now).getTime() + request.windowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) };
    }
    await tx.insert(signInAttempts).values({ scope, key, at: now });
    return { allowed: true, remaining: request.limit - used - 1 };
  });
}

/** One attempt to admit under progressive delays. */
export interface SpacedAttemptRequest {
  scope: SignInAttemptScope;
  key: string;
  /** Attempts in the window that pass without delay (≥ 0). */
  free: number;
  /** The window the attempts are counted in (ms, > 0). */
  windowMs: number;
  /** The delay after the first attempt past `free` (ms, > 0); doubles with each further one. */
  baseDelayMs: number;
  /** The longest delay (ms, ≥ baseDelayMs). */
  maxDelayMs: number;
  now: Date;
}

/** The delay (ms) before the attempt after `used` attempts in the window (0 while under `free`). */
export function progressiveDelayMs(used: number, policy: Pick<SpacedAttemptRequest, 'free' | 'baseDelayMs' | 'maxDelayMs'>): number {
  if (used < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(30, used - policy.free));
}

/**
 * Admits and records an attempt once its progressive delay since the key's newest attempt has
 * passed, or refuses it without recording (retryAfterSeconds: until the delay has passed).
 * @throws RangeError for a bad policy.
 */
export async function takeSpacedAttempt(db: Executor, request: SpacedAttemptRequest): Promise<AttemptDecision> {
  if (!Number.isInteger(request.free) || request.free < 0) throw new RangeError('free must be a whole number ≥ 0');
  if (!(request.windowMs > 0) || !(request.baseDelayMs > 0) || !(request.maxDelayMs >= request.baseDelayMs)) {
    throw new RangeError('windowMs and baseDelayMs must be > 0, maxDelayMs ≥ baseDelayMs');
  }
  const { scope, key, now } = request;
  const since = new Date(now.getTime() - request.windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${scope}:${key}`}, 0))`);
    const [row] = await tx
      .select({ n: count(), newest: max(signInAttempts.at) })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.scope, scope), eq(signInAttempts.key, key), gt(signInAttempts.at, since)));
    const used = row?.n ?? 0;
    const delay = progressiveDelayMs(used, request);
    const waited = row?.newest ? now.getTime() - row.newest.getTime() : Number.POSITIVE_INFINITY;
    if (waited < delay) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((delay - waited) / 1000)) };
    await tx.insert(signInAttempts).values({ scope, key, at: now });
    return { allowed: true, remaining: Math.max(0, request.free - used - 1) };
  });
}

/** Forgets a key's attempts (e.g. the account's after a successful sign-in). */
export async function clearSignInAttempts(db: Executor, scope: SignInAttemptScope, key: string): Promise<void> {
  await db.delete(signInAttempts).where(and(eq(signInAttempts.scope, scope), eq(signInAttempts.key, key)));
}

/** Removes the key's newest attempt (a success handing its attempt back); nothing when it has none. */
export async function refundSignInAttempt(db: Executor, scope: SignInAttemptScope, key: string): Promise<void> {
  const [newest] = await db
    .select({ id: signInAttempts.id })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.scope, scope), eq(signInAttempts.key, key)))
    .orderBy(desc(signInAttempts.id))
    .limit(1);
  if (newest) await db.delete(signInAttempts).where(eq(signInAttempts.id, newest.id));
}

/** Housekeeping: removes attempts older than `before`; returns how many. */
export async function pruneSignInAttempts(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(signInAttempts).where(lt(signInAttempts.at, before)).returning({ id: signInAttempts.id });
  return rows.length;
}
