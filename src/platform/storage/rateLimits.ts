/**
 * Fixed-window hit counters in Postgres, shared by every function instance (an in-memory counter
 * counts per instance). Each call is one atomic statement — the increment is an upsert that takes
 * the counter's row lock — so it needs no explicit transaction and works behind a
 * transaction-mode pooler.
 *
 * postgresRateLimitStore(db, limiter, clock) has the shape of hono-rate-limiter's Store (init,
 * get, increment, decrement, resetKey; localKeys false), so the API can pass it where it now
 * passes a MemoryStore: deps.rateLimitStore = (limiter) => postgresRateLimitStore(db, limiter).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { rateLimitCounters } from './schema.ts';

/** A client's count in its current window. */
export interface RateLimitCount {
  totalHits: number;
  resetTime: Date;
}

/** Counts one hit of `key` for `limiter`; a window ended at `now` starts again at 1. */
export async function incrementRateLimit(db: Executor, hit: { limiter: string; key: string; windowMs: number; now: Date }): Promise<RateLimitCount> {
  if (!(hit.windowMs > 0)) throw new RangeError('windowMs must be > 0');
  let increment = increments.get(db);
  if (!increment) increments.set(db, (increment = prepareIncrement(db)));
  const [row] = await increment.execute({ limiter: hit.limiter, key: hit.key, now: hit.now, resetAt: new Date(hit.now.getTime() + hit.windowMs) });
  return row!;
}

/** incrementRateLimit's upsert, prepared once per database (a named statement on PostgreSQL): one per session call. */
function prepareIncrement(db: Executor) {
  const expired = sql`${rateLimitCounters.resetAt} <= ${sql.placeholder('now')}`;
  return db
    .insert(rateLimitCounters)
    .values({ limiter: sql`${sql.placeholder('limiter')}`, key: sql`${sql.placeholder('key')}`, hits: 1, resetAt: sql`${sql.placeholder('resetAt')}` })
    .onConflictDoUpdate({
      target: [rateLimitCounters.limiter, rateLimitCounters.key],
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ totalHits: rateLimitCounters.hits, resetTime: rateLimitCounters.resetAt })
    .prepare('increment_rate_limit');
}
const increments = new WeakMap<Executor, ReturnType<typeof prepareIncrement>>();

/** The count in the current window, or null when none is running at `now`. */
export async function getRateLimit(db: Executor, ref: { limiter: string; key: string; now: Date }): Promise<RateLimitCount | null> {
  const [row] = await db
    .select({ totalHits: rateLimitCounters.hits, resetTime: rateLimitCounters.resetAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.limiter, ref.limiter), eq(rateLimitCounters.key, ref.key), gt(rateLimitCounters.resetAt, ref.now)));
  return row ?? null;
}

/** Takes one hit back (never below 0), e.g. for a request that should not count. */
export async function decrementRateLimit(db: Executor, ref: { limiter: string; key: string; now: Date }): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounters.limiter, ref.limiter), eq(rateLimitCounters.key, ref.key), gt(rateLimitCounters.resetAt, ref.now)));
}

/** Forgets a client's count. */
export async function resetRateLimit(db: Executor, ref: { limiter: string; key: string }): Promise<void> {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.limiter, ref.limiter), eq(rateLimitCounters.key, ref.key)));
}

/** Housekeeping: removes counters whose window ended by `now`; returns how many. */
export async function pruneRateLimits(db: Executor, now: Date): Promise<number> {
  const rows = await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, now)).returning({ key: rateLimitCounters.key });
  return rows.length;
}

/** The subset of hono-rate-limiter's Store this adapter fills. */
export interface PostgresRateLimitStore {
  /** Called by the middleware with its options; takes the window length. */
  init(options: { windowMs: number }): void;
  get(key: string): Promise<RateLimitCount | undefined>;
  increment(key: string): Promise<RateLimitCount>;
  decrement(key: string): Promise<void>;
  resetKey(key: string): Promise<void>;
  /** Counts are shared by every instance. */
  localKeys: false;
}

/**
 * A hit-counter store for one named limiter (see the file header). `windowMs` comes from the
 * middleware's init(); increment before init throws.
 */
export function postgresRateLimitStore(db: Executor, limiter: string, clock: { now(): Date } = { now: () => new Date() }): PostgresRateLimitStore {
  let windowMs = 0;
  return {
    localKeys: false,
    init(options) {
      windowMs = options.windowMs;
    },
    async get(key) {
      return (await getRateLimit(db, { limiter, key, now: clock.now() })) ?? undefined;
    },
    increment(key) {
      if (!windowMs) return Promise.reject(new Error(`rate limiter ${limiter}: increment before init (no windowMs)`));
      return incrementRateLimit(db, { limiter, key, windowMs, now: clock.now() });
    },
    decrement: (key) => decrementRateLimit(db, { limiter, key, now: clock.now() }),
    resetKey: (key) => resetRateLimit(db, { limiter, key }),
  };
}
