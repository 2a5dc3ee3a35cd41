/**
 * What a signed-in supporter with bad intent could still do to accounts (docs/reliability.md
 * "Accounts, attacked"), on an in-memory PGlite with tests/support/accountsHarness.ts: a password
 * change or reset ends every other session; names from Cognito lose control and bidi characters
 * before they are stored or served; an e-mail is copied only from a token that says it is verified.
 */
import { describe, expect, it } from 'vitest';
import { getUserBySub } from '../../src/platform/storage/users';
import { accountsHarness } from '../support/accountsHarness';
import { useMemoryDatabase } from '../support/memoryDatabase';

const mem = useMemoryDatabase();

let run = 0;
const email = (name: string) => `${name}-${(run += 1)}@terrace.test`;
const OLD = 'Old-Password-1';
const NEW = 'New-Password-2';

describe('a password change or reset ends the other sessions', () => {
  it('after change-password in session A, session B is refused at refresh and at every call; A keeps a fresh session', async () => {
    const h = accountsHarness(mem.db);
    const address = email('change');
    h.addAccount(address, OLD);
    const a = h.browser('10.5.0.1');
    const b = h.browser('10.5.0.2');
    expect((await a.signIn(address, OLD)).status).toBe(200);
    expect((await b.signIn(address, OLD)).status).toBe(200);
    h.clock.advance(5);
    const changed = await a.call('POST', '/api/auth/change-password', { previousPassword: OLD, proposedPassword: NEW });
    expect(changed.status).toBe(200);
    h.clock.advance(1);
    // B: its id and access tokens are refused at once, its refresh token too.
    expect((await b.call('GET', '/api/authenticated')).status).toBe(401);
    const refreshed = await b.call('GET', '/api/refresh');
    expect(refreshed.status).toBe(401);
    expect(((await refreshed.json()) as { error: { code: string } }).error.code).toMatch(/session_expired|not_signed_in/);
    // A: signed in with the new password, refreshes as before.
    expect((await a.call('GET', '/api/authenticated')).status).toBe(200);
    expect((await a.call('GET', '/api/refresh')).status).toBe(200);
    expect((await a.call('GET', '/api/authenticated')).status).toBe(200);
    // The refresh went to the client that issued the token, with the username SECRET_HASH needs.
    expect(h.refreshes.at(-1)).toEqual({ clientId: 'server-client', username: h.accounts.get(address)!.sub });
  }, 60_000);

  it("B's refresh token, captured before the change, does not come back after A's change", async () => {
    const h = accountsHarness(mem.db);
    const address = email('captured');
    h.addAccount(address, OLD);
    const a = h.browser('10.5.1.1');
    const b = h.browser('10.5.1.2');
    await a.signIn(address, OLD);
    await b.signIn(address, OLD);
    const captured = new Map(b.jar);
    h.clock.advance(5);
    expect((await a.call('POST', '/api/auth/change-password', { previousPassword: OLD, proposedPassword: NEW })).status).toBe(200);
    const thief = h.browser('10.5.1.3');
    for (const [k, v] of captured) if (k === 'tr_refresh' || k === 'tr_session') thief.jar.set(k, v);
    expect((await thief.call('GET', '/api/refresh')).status).toBe(401);
  }, 60_000);

  it('after a password reset, every session of the account is refused', async () => {
    const h = accountsHarness(mem.db);
    const address = email('reset');
    h.addAccount(address, OLD);
    const b = h.browser('10.5.2.2');
    await b.signIn(address, OLD);
    h.clock.advance(5);
    const reset = await h.browser('10.5.2.3').call('POST', '/api/auth/reset-password', { email: address, code: '123456', newPassword: NEW });
    expect(reset.status).toBe(200);
    expect((await b.call('GET', '/api/authenticated')).status).toBe(401);
    expect((await b.call('GET', '/api/refresh')).status).toBe(401);
    expect((await h.browser('10.5.2.4').signIn(address, NEW)).status).toBe(200);
  }, 60_000);
});

describe('names and e-mails from Cognito or a federated provider', () => {
  const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

  it('stores and serves a Cognito name without ESC, BEL or U+202E', async () => {
    const h = accountsHarness(mem.db);
    const address = email('name');
    const account = h.addAccount(address, OLD, 'Sam\u001b[2J\u0007  BLOCKED\u202Enis');
    const browser = h.browser('10.6.0.1');
    const res = await browser.signIn(address, OLD);
    expect(res.status).toBe(200);
    const served = ((await res.json()) as { user: { userDisplayName: string } }).user.userDisplayName;
    expect(served).not.toMatch(UNSAFE);
    expect(served).toBe('Sam[2J BLOCKEDnis');
    const row = await getUserBySub(await mem.db.get(), account.sub);
    expect(row?.displayName).not.toMatch(UNSAFE);
    // The API's own profile call refuses the same characters.
    const profile = await browser.call('POST', '/api/auth/profile', { displayName: 'Sam\u202Enis' });
    expect(profile.status).toBe(400);
  }, 60_000);

  it('keeps the verified e-mail when the token carries one not verified (changed straight at Cognito, or a federated token)', async () => {
    const h = accountsHarness(mem.db);
    const address = email('verified');
    const account = h.addAccount(address, OLD);
    const browser = h.browser('10.6.1.1');
    await browser.signIn(address, OLD);
    // UpdateUserAttributes with the supporter's own access token, as an attacker would call Cognito.
    const access = browser.jar.get('tr_access')!;
    const attacker = email('victim-address');
    await h.identity.updateAttributes(access, { email: attacker });
    h.clock.advance(2);
    const refreshed = await browser.call('GET', '/api/refresh');
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as { user: { email: string } }).user.email).toBe(address);
    expect((await getUserBySub(await mem.db.get(), account.sub))?.email).toBe(address);
    // A new federated account whose token has an unverified e-mail gets none at all.
    const newcomer = h.addAccount(email('federated'), OLD);
    newcomer.emailVerified = false;
    newcomer.provider = 'Google';
    const fresh = await h.browser('10.6.1.2').signIn(newcomer.email, OLD);
    expect(((await fresh.json()) as { user: { email: string } }).user.email).toBe('');
  }, 60_000);
});
