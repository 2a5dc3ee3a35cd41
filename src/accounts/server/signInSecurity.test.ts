/**
 * Sign-in brute force and credential stuffing (docs/reliability.md), through createPlatformApp on an
 * in-memory PGlite with a stand-in identity service and a steppable clock, driving every limit of
 * src/accounts/server/attempts.ts to its edge: one account guessed from one address, guessing spread
 * over addresses, IPv6 /64s, `sub` and e-mail sharing counters, credential stuffing from one address,
 * and a stadium of correct sign-ins behind one address.
 */
import { describe, expect, it } from 'vitest';
import { ATTEMPT_POLICIES } from './attempts';
import type { IdentityService } from './cognito';
import type { TokenVerifier } from './cognitoTokens';
import { createPlatformApp } from '../../platform/app';
import { parsePlatformEnv } from '../../platform/env';
import { steppableClock } from '../../../tests/support/streamApi';
import { quiet, SITE, subTokens } from '../../../tests/support/paymentsApi';
import { useMemoryDatabase } from '../../../tests/support/memoryDatabase';

const RIGHT = 'Kick-Off-At-1500!';
const WRONG = 'Guess-Number-1';

const mem = useMemoryDatabase();

/** Every account's password is RIGHT; its tokens are `sub-<local part>` (as tests/support subTokens reads them). */
const identity = {
  async signIn(username: string, password: string) {
    if (password !== RIGHT) throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    const sub = username.startsWith('sub-') ? username : `sub-${username.split('@')[0]}`;
    return { kind: 'tokens' as const, tokens: { idToken: sub, accessToken: sub, refreshToken: `refresh-${sub}`, expiresIn: 3600 } };
  },
  async getUserAttributes() {
    return {};
  },
  async revokeRefreshToken() {},
} as unknown as IdentityService;

/** subTokens, but expiring an hour from `now` as Cognito's do (the cookies' Max-Age comes from exp), e-mail `<sub without sub->@terrace.test`. */
function hourTokens(now: () => Date): TokenVerifier {
  const exp = () => Math.floor(now().getTime() / 1000) + 3600;
  return {
    verifyIdToken: async (token) => ({ ...(await subTokens.verifyIdToken(token)), exp: exp(), email: `${token.slice(4)}@terrace.test`, email_verified: true }),
    verifyAccessToken: async (token) => ({ ...(await subTokens.verifyAccessToken(token)), exp: exp() }),
  };
}

/** The `tr_device=…` pair a sign-in set ('' when none). */
function deviceCookie(res: Response): string {
  return /(?:^|, )(tr_device=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
}

let run = 0;
function harness() {
  run += 1;
  const clock = steppableClock();
  const tokens = hourTokens(clock.now);
  const app = createPlatformApp({ env: parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE }), logger: quiet, db: mem.db, clock, tokens, identity });
  const login = (username: string, password: string, ip: string, cookie?: string) =>
    app.request(
      `${SITE}/api/auth/login`,
      {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ username, password }),
      },
      { clientIp: ip },
    );
  /** A fresh address and account name for this harness. */
  const ip = (n: number) => `10.${run}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const email = (name: string) => `${name}-${run}@terrace.test`;
  return { clock, login, ip, email };
}

describe('sign-in brute force', () => {
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

  it('keeps a device that signed in before out of guessing spread over addresses (100 wrong passwords from 10 addresses)', async () => {
    const h = harness();
    const victim = h.email('owner');
    const home = await h.login(victim, RIGHT, h.ip(100));
    expect(home.status).toBe(200);
    const device = deviceCookie(home);
    expect(device).toMatch(/^tr_device=[\w-]+\.[\w-]+$/);
    for (let address = 0; address < 10; address += 1) {
      for (let i = 0; i < 10; i += 1) expect([401, 429]).toContain((await h.login(victim, `${WRONG}${address}-${i}`, h.ip(address))).status);
    }
    // A device cookie is signed: a forged one is an unknown device, which must wait.
    const tampered = device.replace(/\.[\w-]+$/, '.AAAA');
    expect((await h.login(victim, RIGHT, h.ip(101), tampered)).status).toBe(429);
    // The owner's own browser, at once: its own budget, not the account's.
    const again = await h.login(victim, RIGHT, h.ip(100), device);
    expect(again.status).toBe(200);
  }, 120_000);

  it('slows guessing spread over addresses with progressive delays; a new device waits at most a minute, never a 15-minute wall', async () => {
    const h = harness();
    const victim = h.email('spread');
    const { account } = ATTEMPT_POLICIES['sign-in'];
    let answered = 0;
    let longest = 0;
    // An attacker with 1,000 addresses tries once a second for the whole window.
    for (let second = 0; second < account.windowMs / 1000; second += 1) {
      const res = await h.login(victim, `${WRONG}${second}`, h.ip(second));
      if (res.status === 401) answered += 1;
      else longest = Math.max(longest, Number(res.headers.get('retry-after')));
      h.clock.advance(1);
    }
    expect(answered).toBeGreaterThanOrEqual(account.free);
    expect(answered).toBeLessThan(account.free + 25);
    expect(longest).toBeLessThanOrEqual(account.maxDelayMs / 1000);
    // The owner from a new device: told to wait at most a minute, then let in.
    const wait = await h.login(victim, RIGHT, h.ip(5000));
    if (wait.status === 429) {
      const seconds = Number(wait.headers.get('retry-after'));
      expect(seconds).toBeLessThanOrEqual(account.maxDelayMs / 1000);
      h.clock.advance(seconds);
    }
    expect((await h.login(victim, RIGHT, h.ip(5000))).status).toBe(200);
    // Other accounts are untouched.
    expect((await h.login(h.email('bystander'), RIGHT, h.ip(999))).status).toBe(200);
  }, 300_000);

  it('counts one IPv6 /64 as one address', async () => {
    const h = harness();
    const victim = h.email('v6');
    const limit = ATTEMPT_POLICIES['sign-in'].accountAtAddress.limit;
    const v6 = (n: number) => `2001:db8:${run}:7::${(n + 1).toString(16)}`;
    for (let i = 0; i < limit; i += 1) expect((await h.login(victim, `${WRONG}${i}`, v6(i))).status).toBe(401);
    const refused = await h.login(victim, WRONG, v6(limit));
    expect(refused.status).toBe(429);
    // The next /64 is another address.
    expect((await h.login(victim, RIGHT, `2001:db8:${run}:8::1`)).status).toBe(200);
  }, 60_000);

  it('counts the Cognito username (the sub) and the e-mail as one account', async () => {
    const h = harness();
    const local = `both-${run}`;
    const victim = `${local}@terrace.test`;
    expect((await h.login(victim, RIGHT, h.ip(50))).status).toBe(200);
    const attacker = h.ip(1);
    const limit = ATTEMPT_POLICIES['sign-in'].accountAtAddress.limit;
    for (let i = 0; i < limit; i += 1) expect((await h.login(victim, `${WRONG}${i}`, attacker)).status).toBe(401);
    // The same account by its sub, from the same address: the same counter, already used up.
    expect((await h.login(`sub-${local}`, WRONG, attacker)).status).toBe(429);
    // A name that is neither an e-mail nor a known account is not sent to Cognito.
    expect((await h.login('sub-nobody-known', RIGHT, h.ip(51))).status).toBe(401);
  }, 60_000);
});

describe('credential stuffing', () => {
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
