/**
 * Sign-in brute force and credential stuffing (issue 15 item 3), through createPlatformApp on an
 * in-memory PGlite with a stand-in identity service (one right password per account) and a
 * steppable clock, so every limit of src/platform/accounts/attempts.ts is driven to its edge:
 *   - many passwords against one account from one address: 429 with Retry-After after
 *     ATTEMPT_POLICIES accountAtAddress — and the real supporter, from another address, still
 *     signs in with the right password; the attacker's address is let in again after the window;
 *   - guessing spread over many addresses: the account-wide cap holds;
 *   - one password against many accounts from one address (credential stuffing): the address cap
 *     holds, other addresses are untouched;
 *   - a stadium: more correct sign-ins from one address than the address cap all succeed (a
 *     success gives its attempt back).
 * The account-level 429 seen from another address was the finding (docs/reliability.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_POLICIES } from '../../src/platform/accounts/attempts';
import type { IdentityService } from '../../src/platform/accounts/cognito';
import type { TokenVerifier } from '../../src/platform/accounts/tokens';
import { createPlatformApp } from '../../src/platform/app';
import { lazyDatabase, type PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { openDatabase, type OpenDatabase } from '../../src/platform/storage/index';
import { steppableClock } from '../support/streamApi';
import { quiet, SITE, subTokens } from '../support/paymentsApi';

const RIGHT = 'Kick-Off-At-1500!';
const WRONG = 'Guess-Number-1';

let storage: OpenDatabase;
let db: PlatformDatabase;

beforeAll(async () => {
  storage = await openDatabase({ dataDir: 'memory://' });
  await storage.migrate();
  db = lazyDatabase(async () => storage);
}, 60_000);

afterAll(async () => {
  await storage?.close();
});

/** Every account's password is RIGHT; its tokens are `sub-<local part>` (as tests/support subTokens reads them). */
const identity = {
  async signIn(username: string, password: string) {
    if (password !== RIGHT) throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    const sub = `sub-${username.split('@')[0]}`;
    return { kind: 'tokens' as const, tokens: { idToken: sub, accessToken: sub, refreshToken: `refresh-${sub}`, expiresIn: 3600 } };
  },
  async getUserAttributes() {
    return {};
  },
  async revokeRefreshToken() {},
} as unknown as IdentityService;

/** subTokens, but expiring an hour from `now` as Cognito's do (the cookies' Max-Age comes from exp). */
function hourTokens(now: () => Date): TokenVerifier {
  const exp = () => Math.floor(now().getTime() / 1000) + 3600;
  return {
    verifyIdToken: async (token) => ({ ...(await subTokens.verifyIdToken(token)), exp: exp() }),
    verifyAccessToken: async (token) => ({ ...(await subTokens.verifyAccessToken(token)), exp: exp() }),
  };
}

let run = 0;
function harness() {
  run += 1;
  const clock = steppableClock();
  const tokens = hourTokens(clock.now);
  const app = createPlatformApp({ env: parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE }), logger: quiet, db, clock, tokens, identity });
  const login = (username: string, password: string, ip: string) =>
    app.request(
      `${SITE}/api/auth/login`,
      { method: 'POST', headers: { origin: SITE, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) },
      { clientIp: ip },
    );
  /** A fresh address and account name for this harness. */
  const ip = (n: number) => `10.${run}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const email = (name: string) => `${name}-${run}@terrace.test`;
  return { clock, login, ip, email };
}

describe('sign-in brute force (issue 15 item 3)', () => {
  it('refuses many passwords against one account from one address, without locking the real supporter out', async () => {
    const h = harness();
    const victim = h.email('victim');
    const attacker = h.ip(1);
    const limit = ATTEMPT_POLICIES['sign-in'].accountAtAddress.limit;
    for (let i = 0; i < limit; i += 1) expect((await h.login(victim, `${WRONG}${i}`, attacker)).status).toBe(401);
    const refused = await h.login(victim, WRONG, attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password from the attacker's address is refused too (it is not asked) ...
    expect((await h.login(victim, RIGHT, attacker)).status).toBe(429);
    // ... but the supporter at home is not locked out.
    const home = await h.login(victim, RIGHT, h.ip(2));
    expect(home.status).toBe(200);
    expect(home.headers.get('set-cookie')).toContain('tr_access=');
    // After the window the attacker's address is asked again (and still wrong).
    h.clock.advance(ATTEMPT_POLICIES['sign-in'].accountAtAddress.windowMs / 1000 + 1);
    expect((await h.login(victim, WRONG, attacker)).status).toBe(401);
    expect((await h.login(victim, RIGHT, attacker)).status).toBe(200);
  }, 60_000);

  it('caps guessing spread over many addresses at the account-wide limit', async () => {
    const h = harness();
    const victim = h.email('spread');
    const { account, accountAtAddress } = ATTEMPT_POLICIES['sign-in'];
    const perAddress = accountAtAddress.limit - 1;
    let tried = 0;
    for (let address = 0; tried < account.limit; address += 1) {
      for (let i = 0; i < perAddress && tried < account.limit; i += 1, tried += 1) {
        expect((await h.login(victim, `${WRONG}${tried}`, h.ip(address))).status).toBe(401);
      }
    }
    const refused = await h.login(victim, WRONG, h.ip(999));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Other accounts are untouched.
    expect((await h.login(h.email('bystander'), RIGHT, h.ip(999))).status).toBe(200);
  }, 120_000);
});

describe('credential stuffing (issue 15 item 3)', () => {
  it('refuses one password tried against many accounts from one address past the address limit; other addresses are untouched', async () => {
    const h = harness();
    const stuffer = h.ip(1);
    const limit = ATTEMPT_POLICIES['sign-in'].address.limit;
    for (let i = 0; i < limit; i += 1) expect((await h.login(h.email(`leaked${i}`), WRONG, stuffer)).status).toBe(401);
    const refused = await h.login(h.email('leaked-next'), WRONG, stuffer);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await h.login(h.email('leaked0'), RIGHT, h.ip(2))).status).toBe(200);
  }, 180_000);

  it('lets a stadium sign in: more correct sign-ins from one address than its limit all succeed', async () => {
    const h = harness();
    const stadium = h.ip(1);
    const limit = ATTEMPT_POLICIES['sign-in'].address.limit;
    for (let i = 0; i <= limit; i += 1) {
      const res = await h.login(h.email(`fan${i}`), RIGHT, stadium);
      expect(res.status, `fan ${i}`).toBe(200);
    }
    // A supporter's own typo among them is still counted and answered.
    expect((await h.login(h.email('fan0'), WRONG, stadium)).status).toBe(401);
  }, 180_000);
});
