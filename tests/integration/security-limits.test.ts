/**
 * Abuse limits of the platform API (docs/reliability.md), through createPlatformApp on an in-memory
 * PGlite with counting stand-ins for identity and Stripe: junk refresh cookies get 429 past
 * REFRESH_RATE_LIMIT per address before Cognito is asked (successful refreshes never); the pruning
 * of expired counters and attempts; one voucher budget per client for vouchers/check and
 * create-checkout; a caller's request id echoed only in the strict shape, else a UUID.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { parse } from 'smol-toml';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { MATCH_PASS } from '../support/matchPass';
import { createPruneHandler } from '../../netlify/functions/prune';
import { startLocalPlatform } from '../../scripts/local/platform.mjs';
import { REFRESH_RATE_LIMIT } from '../../src/accounts/server/sessionRoutes';
import type { IdentityService } from '../../src/accounts/server/cognito';
import type { TokenVerifier } from '../../src/accounts/server/cognitoTokens';
import { createPlatformApp } from '../../src/platform/app';
import { databaseRateLimitStores, type Logger } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { LONGEST_ATTEMPT_WINDOW_MS, PRUNE_INTERVAL_MS } from '../../src/platform/housekeeping';
import { PAYMENTS_RATE_LIMITS } from '../../src/payments/server/paymentRoutes';
import type { Database } from '../../src/platform/storage/platformStorage';
import { incrementRateLimit } from '../../src/platform/storage/rateLimits';
import { getRefreshSession, recordRefreshSession } from '../../src/platform/storage/sessions';
import { upsertUserBySub } from '../../src/platform/storage/users';
import { REFRESH_COOKIE_MAX_AGE } from '../../src/accounts/server/cookies';
import { rateLimitCounters, signInAttempts } from '../../src/platform/storage/schema';
import { takeSignInAttempt } from '../../src/platform/storage/signInAttempts';
import { makeAccount, steppableClock } from '../support/streamApi';
import { quiet, SITE, subTokens } from '../support/paymentsApi';
import { useMemoryDatabase } from '../support/memoryDatabase';

const mem = useMemoryDatabase();

const PASS = MATCH_PASS;
let run = 0;

/** subTokens, expiring an hour from `now` as Cognito's do (the cookies' Max-Age comes from exp). */
function hourTokens(now: () => Date): TokenVerifier {
  const exp = () => Math.floor(now().getTime() / 1000) + 3600;
  return {
    verifyIdToken: async (token) => ({ ...(await subTokens.verifyIdToken(token)), exp: exp() }),
    verifyAccessToken: async (token) => ({ ...(await subTokens.verifyAccessToken(token)), exp: exp() }),
  };
}

/** The app over stand-ins that count their calls; `refresh` accepts tokens starting 'good-'. */
function harness() {
  run += 1;
  const clock = steppableClock();
  const asked = { refresh: 0, promotionCodes: 0 };
  const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
  const logger: Logger = {
    debug() {},
    info: (message, fields = {}) => void lines.push({ level: 'info', message, fields }),
    warn: (message, fields = {}) => void lines.push({ level: 'warn', message, fields }),
    error: (message, fields = {}) => void lines.push({ level: 'error', message, fields }),
  };
  const identity = {
    async refresh(token: string) {
      asked.refresh += 1;
      if (!token.startsWith('good-')) throw Object.assign(new Error('Invalid Refresh Token'), { name: 'NotAuthorizedException' });
      const sub = `sub-${token}`;
      return { idToken: sub, accessToken: sub, expiresIn: 3600 };
    },
    async getUserAttributes() {
      return {};
    },
  } as unknown as IdentityService;
  const stripe = {
    promotionCodes: {
      async list() {
        asked.promotionCodes += 1;
        return { data: [] };
      },
    },
  } as unknown as Stripe;
  const app = createPlatformApp({
    env: parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE }),
    logger,
    db: mem.db,
    clock,
    tokens: hourTokens(clock.now),
    rateLimitStore: databaseRateLimitStores(mem.db, clock),
    identity,
    stripe: () => stripe,
  });
  const ip = (n: number) => `10.31.${run}.${n}`;
  const refresh = (token: string, address: string) =>
    app.request(`${SITE}/api/refresh`, { headers: { cookie: `tr_refresh=${token}; tr_session=1` } }, { clientIp: address });
  const post = (path: string, body: unknown, address: string, as?: string) =>
    app.request(
      `${SITE}${path}`,
      {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json', ...(as ? { cookie: `tr_id=${as}; tr_access=${as}` } : {}) },
        body: JSON.stringify(body),
      },
      { clientIp: address },
    );
  return { app, clock, asked, lines, ip, refresh, post };
}

describe('GET /api/refresh: limited per client before Cognito', { timeout: 30_000 }, () => {
  it('refuses junk refresh cookies 429 past the limit without asking Cognito; other addresses are still asked', async () => {
    const h = harness();
    const attacker = h.ip(1);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i += 1) statuses.push((await h.refresh(`junk-${i}`, attacker)).status);
    expect(statuses.slice(0, REFRESH_RATE_LIMIT.limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(REFRESH_RATE_LIMIT.limit).every((status) => status === 429)).toBe(true);
    expect(h.asked.refresh).toBe(REFRESH_RATE_LIMIT.limit);
    const refused = await h.refresh('junk-more', attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // A supporter elsewhere is asked as before; the attacker is asked again after the window.
    expect((await h.refresh('good-elsewhere', h.ip(2))).status).toBe(200);
    h.clock.advance(REFRESH_RATE_LIMIT.windowMs / 1000 + 1);
    expect((await h.refresh('junk-later', attacker)).status).toBe(401);
  });

  it('never refuses successful refreshes from one address (a stadium)', async () => {
    const h = harness();
    const stadium = h.ip(3);
    for (let i = 0; i < REFRESH_RATE_LIMIT.limit * 2; i += 1) expect((await h.refresh(`good-fan-${i}`, stadium)).status).toBe(200);
    expect((await h.refresh('junk-once', stadium)).status).toBe(401);
  });
});

/** Every counter row of `limiter`, and every sign-in attempt of `scope`/`key`. */
const rowsOf = async (raw: Database, limiter: string) => raw.select().from(rateLimitCounters).where(eq(rateLimitCounters.limiter, limiter));
const attemptsOf = async (raw: Database, key: string) => raw.select().from(signInAttempts).where(eq(signInAttempts.key, key));

/** Counters and attempts around `now`: one of each expired, one of each still counted. */
async function plantCounters(raw: Database, limiter: string, key: string, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await incrementRateLimit(raw, { limiter, key: 'ended', windowMs: 60_000, now: ago(61_000) });
  await incrementRateLimit(raw, { limiter, key: 'running', windowMs: 60_000, now: ago(30_000) });
  const attempt = { scope: 'account' as const, key, limit: 1_000, windowMs: LONGEST_ATTEMPT_WINDOW_MS };
  await takeSignInAttempt(raw, { ...attempt, now: ago(LONGEST_ATTEMPT_WINDOW_MS + 1_000) });
  await takeSignInAttempt(raw, { ...attempt, now: ago(LONGEST_ATTEMPT_WINDOW_MS - 60_000) });
}

describe('pruning the counters', () => {
  it('the scheduled function removes ended counters and attempts past the longest window, and keeps the rest', async () => {
    const now = new Date('2026-11-27T15:00:00Z');
    const limiter = `prune-fn-${run}`;
    const key = `prune-fn-${run}@terrace.test`;
    await plantCounters(mem.storage.db, limiter, key, now);
    const user = await upsertUserBySub(mem.storage.db, { sub: `prune-${run}`, email: key }, now);
    const session = (refreshToken: string, usedAt: Date) =>
      recordRefreshSession(mem.storage.db, { refreshToken, userId: user.id, cognitoUsername: `prune-${run}`, clientId: 'web', signedInAt: usedAt }, usedAt);
    await session(`stale-${run}`, new Date(now.getTime() - REFRESH_COOKIE_MAX_AGE * 1000 - 60_000));
    await session(`fresh-${run}`, new Date(now.getTime() - 60_000));
    const prune = createPruneHandler({ db: mem.db, clock: { now: () => now }, logger: quiet });
    const res = await prune();
    expect(res.status).toBe(200);
    const removed = (await res.json()) as { rateLimits: number; signInAttempts: number; refreshSessions: number };
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    expect(removed.signInAttempts).toBeGreaterThanOrEqual(1);
    expect(removed.refreshSessions).toBeGreaterThanOrEqual(1);
    expect(await getRefreshSession(mem.storage.db, `stale-${run}`)).toBeNull();
    expect(await getRefreshSession(mem.storage.db, `fresh-${run}`)).not.toBeNull();
    expect((await rowsOf(mem.storage.db, limiter)).map((row) => row.key)).toEqual(['running']);
    expect(await attemptsOf(mem.storage.db, key)).toHaveLength(1);
  });

  it('netlify.toml runs the function every PRUNE_INTERVAL_MS', () => {
    const toml = parse(readFileSync('netlify.toml', 'utf8')) as { functions?: Record<string, { schedule?: string }> };
    expect(toml.functions?.prune?.schedule).toBe(`*/${PRUNE_INTERVAL_MS / 60_000} * * * *`);
  });

  it('the local platform prunes on a timer', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'terrace-prune-'));
    const platform = await startLocalPlatform(
      { COGNITO_USER_POOL_ID: 'eu-west-2_local', COGNITO_CLIENT_ID: 'local', TERRACE_DATA_DIR: join(folder, 'data') },
      { quiet: true, pruneIntervalMs: 100 },
    );
    try {
      const raw = await platform.database.get();
      await plantCounters(raw, 'prune-local', 'prune-local@terrace.test', new Date());
      await expect.poll(async () => (await rowsOf(raw, 'prune-local')).map((row) => row.key), { timeout: 10_000 }).toEqual(['running']);
      await expect.poll(async () => (await attemptsOf(raw, 'prune-local@terrace.test')).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await platform.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('vouchers: one guessing budget for vouchers/check and create-checkout', () => {
  it('counts checkouts naming a voucher and checks together; Stripe is not asked past the budget', async () => {
    const h = harness();
    const fan = await makeAccount(mem.storage.db);
    const address = h.ip(10);
    const { limit } = PAYMENTS_RATE_LIMITS.voucher;
    const half = Math.floor(limit / 2);
    for (let i = 0; i < half; i += 1) expect((await h.post('/api/payments/vouchers/check', { code: `GUESS${i}` }, address)).status).toBe(422);
    for (let i = half; i < limit; i += 1) {
      expect((await h.post('/api/payments/create-checkout', { ...PASS, voucher: `GUESS${i}` }, address, fan.sub)).status).toBe(422);
    }
    expect(h.asked.promotionCodes).toBe(limit);
    const byCheckout = await h.post('/api/payments/create-checkout', { ...PASS, voucher: 'GUESSX' }, address, fan.sub);
    expect(byCheckout.status).toBe(429);
    expect(byCheckout.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await h.post('/api/payments/vouchers/check', { code: 'GUESSY' }, address)).status).toBe(429);
    expect(h.asked.promotionCodes).toBe(limit);
    // Another address has its own budget.
    expect((await h.post('/api/payments/vouchers/check', { code: 'GUESSZ' }, h.ip(11))).status).toBe(422);
  });

  it('a check budget used up stops checkouts naming a voucher', async () => {
    const h = harness();
    const fan = await makeAccount(mem.storage.db);
    const address = h.ip(12);
    for (let i = 0; i < PAYMENTS_RATE_LIMITS.voucher.limit; i += 1) await h.post('/api/payments/vouchers/check', { code: `TRY${i}` }, address);
    const asked = h.asked.promotionCodes;
    expect((await h.post('/api/payments/create-checkout', { ...PASS, voucher: 'TRYMORE' }, address, fan.sub)).status).toBe(429);
    expect(h.asked.promotionCodes).toBe(asked);
  });
});

describe('request ids from outside: only in the strict shape', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const idsOf = async (h: ReturnType<typeof harness>, headers: Record<string, string>) => {
    const res = await h.app.request(`${SITE}/api/nope`, { headers });
    const body = (await res.json()) as { error: { requestId: string } };
    const logged = h.lines.filter((line) => line.message === 'request').at(-1)?.fields.requestId;
    return { header: res.headers.get('x-request-id'), body: body.error.requestId, logged };
  };

  it('echoes a UUID or up to 64 letters, digits and hyphens', async () => {
    const h = harness();
    for (const id of ['0b6f6a52-6f0e-4b9e-9a57-3d2f3c9f1e10', 'trace-123', 'A'.repeat(64)]) {
      expect(await idsOf(h, { 'x-request-id': id })).toEqual({ header: id, body: id, logged: id });
      expect(await idsOf(h, { 'x-nf-request-id': id })).toEqual({ header: id, body: id, logged: id });
    }
  });

  it('replaces any other id, from the caller or as Netlify’s header, with a fresh UUID', async () => {
    const h = harness();
    const hostile = ['A'.repeat(65), 'x'.repeat(4000), 'a"} {"level":"error', 'id with spaces', '<script>', 'ünïcode', ''];
    for (const id of hostile) {
      for (const name of ['x-request-id', 'x-nf-request-id']) {
        const seen = await idsOf(h, { [name]: id });
        expect(seen.header, `${name}: ${id}`).toMatch(UUID);
        expect(seen.body).toBe(seen.header);
        expect(seen.logged).toBe(seen.header);
      }
    }
  });
});
