// @ts-check
/**
 * Server side of the kick-off surge benchmark (./matchday.mjs), forked by it on 127.0.0.1 only:
 * opens and migrates the platform database (BENCH_DATABASE_URL, else PGlite in BENCH_PGLITE_DIR),
 * seeds the accounts of BENCH_ACCOUNTS ([{ sub, email, name, grant }]) and serves
 * createPlatformApp(...) with the floor (GET /__floor) and the benchmark's probes (/__bench/*).
 * Differs from production only for the time compression (docs/performance.md "Kick-off surge"):
 * the API's clock runs BENCH_CLOCK_FACTOR times faster after GET /__bench/compress, and the client
 * address comes from the `x-bench-client` header (no production adapter reads it).
 * Exits when the parent's IPC channel closes or on SIGTERM.
 */
import { readFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { createPlatformApp } from '../../src/platform/app.ts';
import { createJsonLogger, lazyDatabase } from '../../src/platform/deps.ts';
import { parsePlatformEnv } from '../../src/platform/env.ts';
import { grantEntitlement, openDatabase, upsertUserBySub } from '../../src/platform/storage/platformStorage.ts';

/** The entitlements the benchmark grants (the season pass's, as the demo subscriber's). */
export const BENCH_ENTITLEMENTS = Object.freeze(['subscription-video', 'subscription-audio']);

const env = process.env;
const FACTOR = Number(env.BENCH_CLOCK_FACTOR || 1);
const PORT = Number(env.BENCH_PORT || 4742);
const LIMIT = Number(env.STREAM_CONCURRENCY_LIMIT || 2);
/** From this wall time (ms) on, the clock runs FACTOR times faster; null until GET /__bench/compress. */
let epoch = /** @type {number | null} */ (null);
/** The API's clock: real time until the benchmark starts the compression, then FACTOR times faster. */
const clock = { now: () => new Date(epoch === null ? Date.now() : epoch + (Date.now() - epoch) * FACTOR) };

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

const storage = await openDatabase(env.BENCH_DATABASE_URL ? { url: env.BENCH_DATABASE_URL } : { dataDir: String(env.BENCH_PGLITE_DIR) });
await storage.migrate();
const db = storage.db;

/** @type {{ sub: string, email: string, name: string, grant: boolean }[]} */
const accounts = JSON.parse(await readFile(String(env.BENCH_ACCOUNTS), 'utf8'));
const seededAt = new Date(Date.now() - 86_400_000);
const change = { by: 'matchday-bench', reason: 'Kick-off surge benchmark account (scripts/bench/matchday.mjs)', at: seededAt };
const seedStarted = performance.now();
/** @type {{ sub: string, id: string }[]} */
const seeded = [];
/** @type {Set<string>} */
const grantedIds = new Set();
for (const account of accounts) {
  const user = await upsertUserBySub(db, { sub: account.sub, email: account.email, displayName: account.name }, seededAt);
  seeded.push({ sub: account.sub, id: user.id });
  if (!account.grant) continue;
  grantedIds.add(user.id);
  for (const entitlement of BENCH_ENTITLEMENTS) {
    await grantEntitlement(db, { userId: user.id, entitlement, source: 'admin', sourceRef: `matchday-bench:${account.sub}`, validFrom: seededAt }, change);
  }
}
const seedMs = Math.round(performance.now() - seedStarted);

/**
 * A fixed-window hit counter on the compressed clock with hono-rate-limiter's Store shape (the
 * PGlite run's stand-in for the MemoryStore the local server uses, which reads the wall clock).
 * @returns {import('../../src/platform/deps.ts').RateLimitStore}
 */
function compressedMemoryStore() {
  let windowMs = 60_000;
  /** @type {Map<string, { totalHits: number, resetTime: Date }>} */
  const counts = new Map();
  const live = (/** @type {string} */ key) => {
    const entry = counts.get(key);
    return entry && entry.resetTime.getTime() > clock.now().getTime() ? entry : undefined;
  };
  return {
    localKeys: true,
    init(options) {
      windowMs = options.windowMs;
    },
    async get(key) {
      return live(key);
    },
    async increment(key) {
      const entry = live(key) ?? { totalHits: 0, resetTime: new Date(clock.now().getTime() + windowMs) };
      entry.totalHits += 1;
      counts.set(key, entry);
      return { ...entry };
    },
    async decrement(key) {
      const entry = live(key);
      if (entry) entry.totalHits = Math.max(0, entry.totalHits - 1);
    },
    async resetKey(key) {
      counts.delete(key);
    },
  };
}

const platformEnv = parsePlatformEnv({ ...env, DATABASE_URL: env.BENCH_DATABASE_URL ?? '', TERRACE_DATA_DIR: '' });
const logger = createJsonLogger(platformEnv.LOG_LEVEL, { clock });
const api = createPlatformApp({
  env: platformEnv,
  clock,
  logger,
  db: lazyDatabase(async () => storage, logger),
  ...(env.BENCH_DATABASE_URL ? {} : { rateLimitStore: () => compressedMemoryStore() }),
});

/** The rows of a raw query (node-postgres and PGlite both answer { rows }). @param {Promise<unknown>} query */
async function rowsOf(query) {
  const result = /** @type {{ rows?: Record<string, unknown>[] }} */ (await query);
  return result.rows ?? [];
}

/** Live counting leases at `now`, straight from the table: accounts over the limit, and totals. @param {Date} now */
async function leaseSnapshot(now) {
  const over = await rowsOf(
    db.execute(
      sql`select user_id::text as user_id, count(*)::int as n from leases where counts_toward_limit and expires_at > ${now} group by user_id having count(*) > ${LIMIT}`,
    ),
  );
  const [totals] = await rowsOf(
    db.execute(sql`select count(*)::int as live, count(distinct user_id)::int as accounts from leases where counts_toward_limit and expires_at > ${now}`),
  );
  return { at: now.toISOString(), overLimit: over, live: Number(totals?.live ?? 0), accounts: Number(totals?.accounts ?? 0) };
}

const app = new Hono();
app.get('/__floor', (c) => c.json({ ok: true }));
app.get('/__bench/accounts', (c) => c.json({ accounts: seeded, seedMs, kind: storage.kind, factor: FACTOR }));
app.get('/__bench/compress', (c) => {
  epoch ??= Date.now();
  return c.json({ epoch, factor: FACTOR });
});
app.get('/__bench/leases', async (c) => c.json(await leaseSnapshot(clock.now())));
app.get('/__bench/audit', async (c) => {
  const now = clock.now();
  const active = await rowsOf(
    db.execute(
      sql`select user_id::text as user_id, count(distinct entitlement)::int as n from entitlements
        where revoked_at is null and valid_from <= ${now} and (valid_until is null or valid_until > ${now}) group by user_id`,
    ),
  );
  const held = new Map(active.map((row) => [String(row.user_id), Number(row.n)]));
  const missing = [...grantedIds].filter((id) => (held.get(id) ?? 0) < BENCH_ENTITLEMENTS.length);
  return c.json({ ...(await leaseSnapshot(now)), granted: grantedIds.size, missingEntitlements: missing });
});
if (env.BENCH_PROFILE === '1') {
  /** @type {Session | null} */
  let profiler = null;
  app.get('/__bench/profile/start', async (c) => {
    profiler?.disconnect();
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    await profiler.post('Profiler.start');
    return c.json({ profiling: true });
  });
  app.get('/__bench/profile/stop', async (c) => {
    if (!profiler) return c.json({ error: 'not profiling' }, 409);
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = null;
    return c.json(profile);
  });
}
app.all('*', (c) => {
  const nodeEnv = /** @type {{ incoming?: { socket?: { remoteAddress?: string } } } | undefined} */ (/** @type {unknown} */ (c.env));
  const benchClient = c.req.header('x-bench-client');
  const clientIp = benchClient && benchClient.length <= 64 ? benchClient : nodeEnv?.incoming?.socket?.remoteAddress;
  return api.fetch(c.req.raw, { clientIp });
});

const server = serve({ fetch: app.fetch, port: PORT, hostname: '127.0.0.1' }, () => {
  process.send?.({ ready: true, port: PORT, seedMs });
});
server.on('error', (error) => {
  console.error(`matchday-server: ${error.message}`);
  process.exit(1);
});
