/**
 * The accounts API on a real PostgreSQL server (tests/support/postgres.ts), as in production where
 * DATABASE_URL is set and several function instances share one database: the database is opened
 * and migrated by the platform's own deps (databaseFromEnv), sign-in attempt limits and the
 * refresh guard hold across two app instances (two "function instances"), the shared rate-limit
 * store counts events, and entitlements are read. Identity: cognito-local on a free port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlatformData } from '../../../scripts/local/platform.mjs';
import { startStack, type Stack } from '../../../scripts/local/stack.mjs';
import { ATTEMPT_POLICIES } from './attempts';
import { createPlatformApp } from '../../platform/app';
import { createPlatformDeps, databaseFromEnv, type Logger, type PlatformDatabase } from '../../platform/deps';
import { parsePlatformEnv } from '../../platform/env';
import { startPostgres, type TestPostgres } from '../../../tests/support/postgres';
import { CookieJar } from '../../../tests/support/cookieJar';

const SITE = 'http://127.0.0.1:4321';
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

let stateDir: string;
let stack: Stack;
let server: TestPostgres;
let db: PlatformDatabase;
let env: ReturnType<typeof parsePlatformEnv>;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'terrace-accounts-pg-'));
  [stack, server] = await Promise.all([
    startStack({ stateDir, cognitoPort: 0, oidcPort: 0, callbackUrls: [`${SITE}/auth/callback/`], quiet: true }),
    startPostgres(),
  ]);
  env = parsePlatformEnv({ ...stack.env, DATABASE_URL: await server.createDatabase('accounts'), LOG_LEVEL: 'silent' });
  db = databaseFromEnv(env);
  await seedDemoPlatformData(await db.get(), stack.cognito.demoAccounts);
}, 180_000);

afterAll(async () => {
  await db?.close();
  await stack?.stop();
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** One "function instance": its own app over the shared database. */
function instance() {
  const app = createPlatformApp({ env, logger: quiet, db });
  return async (path: string, init: { body?: unknown; method?: string; jar?: CookieJar; ip?: string } = {}) => {
    const headers: Record<string, string> = {};
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    if (method !== 'GET') headers.origin = SITE;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const cookie = init.jar?.header(new URL(path, SITE).pathname);
    if (cookie) headers.cookie = cookie;
    const res = await app.request(
      `${SITE}${path}`,
      { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) },
      { clientIp: init.ip ?? '203.0.113.50' },
    );
    init.jar?.take(res);
    return res;
  };
}

describe('accounts on PostgreSQL (DATABASE_URL)', () => {
  it('uses the shared Postgres rate-limit store when DATABASE_URL is set', () => {
    const deps = createPlatformDeps({ env, logger: quiet, db });
    expect(deps.rateLimitStore('events').localKeys).toBe(false);
  });

  it('counts sign-in attempts across instances and answers 429 with Retry-After', async () => {
    const [a, b] = [instance(), instance()];
    const username = 'pg.limited@terrace.test';
    const limit = ATTEMPT_POLICIES['sign-in'].accountAtAddress.limit;
    for (let i = 0; i < limit; i += 1) expect((await (i % 2 ? a : b)('/api/auth/login', { body: { username, password: 'Wrong-Pass-1' } })).status).toBe(401);
    const refused = await a('/api/auth/login', { body: { username, password: 'Wrong-Pass-1' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets two tabs on two instances refresh at once: one 200, one 409, nobody signed out', async () => {
    const [a, b] = [instance(), instance()];
    const jar = new CookieJar();
    const account = stack.cognito.demoAccounts.find((x) => x.role === 'subscriber')!;
    expect((await a('/api/auth/login', { body: { username: account.email, password: account.password }, jar, ip: '203.0.113.51' })).status).toBe(200);
    const [tabA, tabB] = [jar.clone(), jar.clone()];
    const answers = await Promise.all([a('/api/refresh', { jar: tabA }), b('/api/refresh', { jar: tabB })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(tabA.get('tr_session')).toBe('1');
    expect(tabB.get('tr_session')).toBe('1');
  });

  it('reads entitlements from Postgres', async () => {
    const call = instance();
    const jar = new CookieJar();
    const account = stack.cognito.demoAccounts.find((x) => x.role === 'subscriber')!;
    const signedIn = await call('/api/auth/login', { body: { username: account.email, password: account.password }, jar, ip: '203.0.113.52' });
    const { user } = (await signedIn.json()) as { user: { userID: string } };
    const res = await call(`/api/users/entitlements/${user.userID}`, { jar });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { attributes: { entitlements: string[] } } }).data.attributes.entitlements).toEqual([
      'subscription-audio',
      'subscription-video',
    ]);
  });
});
