/**
 * The accounts and entitlements API end to end against a real
 * cognito-local and the hosted-domain stand-in (scripts/local/stack.mjs on free ports, data in a
 * temporary folder) and an in-memory PGlite: password sign-in with cookie flags, the session
 * endpoints (authenticated, refresh with two tabs, sign-out), registration and codes, password
 * reset and change, profile, NEW_PASSWORD_REQUIRED, blocked accounts, attempt limits (429),
 * CSRF, bad input, the hosted sign-in's code flow with its refusals, return addresses,
 * entitlements, logged events in the database. Flows cognito-local lacks (GlobalSignOut) are
 * checked by the request our code sends to a stand-in endpoint.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlatformData } from '../../../scripts/local/platform.mjs';
import { startStack, type Stack } from '../../../scripts/local/stack.mjs';
import { ATTEMPT_POLICIES } from './attempts';
import { createCognitoIdentity, type IdentityService } from './cognito';
import { decodeCookieJson } from './cookies';
import { createPlatformApp } from '../../platform/app';
import { lazyDatabase, type Logger, type PlatformDatabase } from '../../platform/deps';
import { parsePlatformEnv } from '../../platform/env';
import { listLoggedEvents, openDatabase, type OpenDatabase } from '../../platform/storage/platformStorage';
import { CookieJar } from '../../../tests/support/cookieJar';

const SITE = 'http://127.0.0.1:4321';
const CALLBACK = `${SITE}/auth/callback/`;
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

let stateDir: string;
let stack: Stack;
let storage: OpenDatabase;
let db: PlatformDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'terrace-accounts-'));
  // Started together; both are slow on a busy machine (hence the long hook timeout).
  [stack, storage] = await Promise.all([
    startStack({ stateDir, cognitoPort: 0, oidcPort: 0, callbackUrls: [CALLBACK], logoutUrls: [`${SITE}/`], quiet: true }),
    openDatabase({ dataDir: 'memory://' }),
  ]);
  await storage.migrate();
  await seedDemoPlatformData(storage.db, stack.cognito.demoAccounts);
  db = lazyDatabase(async () => storage);
  env = { ...stack.env, LOG_LEVEL: 'silent' };
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await storage?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** A fresh app; each test gets its own client address so attempt limits do not leak between tests. */
function makeApp(overrides: { env?: Record<string, string>; identity?: IdentityService } = {}) {
  const app = createPlatformApp({
    env: parsePlatformEnv({ ...env, ...overrides.env }),
    logger: quiet,
    db,
    ...(overrides.identity ? { identity: overrides.identity } : {}),
  });
  const ip = `198.51.100.${(addressCounter += 1)}`;
  const call = async (
    path: string,
    init: { method?: string; body?: unknown; jar?: CookieJar; origin?: string | null; headers?: Record<string, string>; base?: string } = {},
  ) => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { ...init.headers };
    if (method !== 'GET' && init.origin !== null) headers.origin = init.origin ?? SITE;
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const cookie = init.jar?.header(new URL(path, SITE).pathname);
    if (cookie) headers.cookie = cookie;
    const res = await app.request(
      `${init.base ?? SITE}${path}`,
      { method, headers, ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }) },
      { clientIp: ip },
    );
    init.jar?.take(res);
    return res;
  };
  return { app, call, ip };
}

const demo = (role: string) => stack.cognito.demoAccounts.find((a) => a.role === role)!;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: { path: string }[] } }).error;

async function signIn(call: ReturnType<typeof makeApp>['call'], role = 'free') {
  const jar = new CookieJar();
  const account = demo(role);
  const res = await call('/api/auth/login', { body: { username: account.email.toUpperCase(), password: account.password }, jar });
  return { jar, res, account };
}

describe('password sign-in and the session cookies', () => {
  it('signs a demo supporter in (username lower-cased) and sets HttpOnly, SameSite=Lax cookies scoped by path', async () => {
    const { call } = makeApp();
    const { res, jar, account } = await signIn(call);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ ssoID: account.sub, email: account.email, userDisplayName: 'Demo Supporter', bypassed: false });
    expect(typeof body.user.userID).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/eyJ/); // no token in the JSON the browser reads
    const cookies = [...jar.cookies.values()];
    expect(cookies.map((c) => c.name).sort()).toEqual(['tr_access', 'tr_device', 'tr_id', 'tr_refresh', 'tr_session']);
    for (const cookie of cookies) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.secure).toBe(false); // plain http on 127.0.0.1 (COOKIE_SECURE=auto)
    }
    expect(cookies.find((c) => c.name === 'tr_refresh')?.path).toBe('/api/refresh');
    expect(cookies.find((c) => c.name === 'tr_id')?.path).toBe('/api');
    expect(cookies.find((c) => c.name === 'tr_device')?.path).toBe('/');
    expect(cookies.find((c) => c.name === 'tr_id')!.maxAge).toBeGreaterThan(3000);
  });

  it('marks the cookies Secure over https: __Host- at Path=/, __Secure- on narrower paths', async () => {
    const { call } = makeApp();
    const account = demo('free');
    const res = await call('/api/auth/login', {
      body: { username: account.email, password: account.password },
      base: 'https://www.stokecity.example',
      origin: 'https://www.stokecity.example',
    });
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie();
    expect(set.length).toBe(5);
    for (const header of set) {
      if (header.startsWith('__Host-')) expect(header).toMatch(/^__Host-tr_device=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      else expect(header).toMatch(/^__Secure-tr_\w+=.*; HttpOnly; Secure; SameSite=Lax/);
    }
    expect(set.filter((h) => h.startsWith('__Host-'))).toHaveLength(1);
  });

  it('answers GET /api/authenticated from the cookies, 401 without them or with a forged token', async () => {
    const { call } = makeApp();
    const { jar, account } = await signIn(call);
    const ok = await call('/api/authenticated', { jar });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { ssoID: string } }).user.ssoID).toBe(account.sub);
    const none = await call('/api/authenticated');
    expect(none.status).toBe(401);
    expect((await errorOf(none)).code).toBe('not_signed_in');
    // A forged id token: the real one's payload re-signed with nothing (alg none) and with a wrong signature.
    const real = jar.get('tr_id')!;
    const [header, payload] = real.split('.');
    const forged = new CookieJar();
    forged.cookies.set('a', { ...[...jar.cookies.values()].find((c) => c.name === 'tr_id')!, value: `${header}.${payload}.${'A'.repeat(342)}` });
    forged.cookies.set('b', { ...[...jar.cookies.values()].find((c) => c.name === 'tr_access')! });
    expect((await call('/api/authenticated', { jar: forged })).status).toBe(401);
    const none2 = new CookieJar();
    none2.cookies.set('a', {
      ...[...jar.cookies.values()].find((c) => c.name === 'tr_id')!,
      value: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
    });
    none2.cookies.set('b', { ...[...jar.cookies.values()].find((c) => c.name === 'tr_access')! });
    expect((await call('/api/authenticated', { jar: none2 })).status).toBe(401);
  });

  it('answers 401 token_expired when only the session marker is left, so the client refreshes', async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    for (const [key, cookie] of jar.cookies) if (cookie.name === 'tr_id' || cookie.name === 'tr_access') jar.cookies.delete(key);
    const res = await call('/api/authenticated', { jar });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('token_expired');
  });

  it('refuses wrong passwords and unknown accounts with the same message', async () => {
    const { call } = makeApp();
    const wrong = await call('/api/auth/login', { body: { username: demo('free').email, password: 'Not-The-Password-1' } });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toMatchObject({ code: 'invalid_credentials', message: 'Incorrect username or password.' });
    const unknown = await call('/api/auth/login', { body: { username: 'nobody@terrace.test', password: 'Whatever-Pass-1' } });
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toBe('Incorrect username or password.');
  });

  it('refuses a blocked account at sign-in with the spec message and no session cookies', async () => {
    const { call } = makeApp();
    const { res, jar } = await signIn(call, 'blocked');
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: 'account_blocked', message: 'Your account has been blocked by an administrator' });
    expect(jar.get('tr_id')).toBeUndefined();
    expect(jar.get('tr_refresh')).toBeUndefined();
  });

  it('reports the bypassed flag from the platform data', async () => {
    const { call } = makeApp();
    const { res } = await signIn(call, 'bypassed');
    expect(((await res.json()) as { user: { bypassed: boolean } }).user.bypassed).toBe(true);
  });

  it('refuses the published demo passwords in production without asking Cognito', async () => {
    let calls = 0;
    const identity = {
      ...createCognitoIdentity({
        region: 'eu-west-1',
        userPoolId: stack.cognito.userPoolId,
        clientId: stack.cognito.clientId,
        clientSecret: undefined,
        hostedClientId: stack.cognito.clientId,
        clientIds: [stack.cognito.clientId],
        endpoint: stack.cognito.endpoint,
        issuer: stack.cognito.issuer,
        domain: undefined,
      }),
    };
    const counting: IdentityService = { ...identity, signIn: async (...args) => ((calls += 1), identity.signIn(...args)) };
    const { call } = makeApp({ env: { NODE_ENV: 'production' }, identity: counting });
    const res = await call('/api/auth/login', { body: { username: demo('free').email, password: demo('free').password } });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('invalid_credentials');
    expect(calls).toBe(0);
    const register = await call('/api/auth/register', { body: { email: 'prod@terrace.test', password: 'Supporter-Local-1', displayName: 'P' } });
    expect(register.status).toBe(400);
    expect((await errorOf(register)).fields?.[0]?.path).toBe('password');
  });

  it('answers 503 identity_unavailable with the spec wording when Cognito cannot be reached', async () => {
    const { call } = makeApp({ env: { COGNITO_ENDPOINT: 'http://127.0.0.1:9339' } });
    const res = await call('/api/auth/login', { body: { username: 'someone@terrace.test', password: 'Whatever-Pass-1' } });
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toBe('There was a problem logging in. Please try again in a few minutes');
  });
});

describe('attempt limits (stored in the database)', () => {
  it('answers 429 with Retry-After once an account has used its sign-in attempts', async () => {
    const { call } = makeApp();
    const username = 'limited@terrace.test';
    const limit = ATTEMPT_POLICIES['sign-in'].accountAtAddress.limit;
    for (let i = 0; i < limit; i += 1) expect((await call('/api/auth/login', { body: { username, password: 'Wrong-Pass-1' } })).status).toBe(401);
    const refused = await call('/api/auth/login', { body: { username: username.toUpperCase(), password: 'Wrong-Pass-1' } });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client address is still asked (not locked out by this one — the
    // account-wide cap over every address is in src/accounts/server/signInSecurity.test.ts).
    const elsewhere = makeApp();
    expect((await elsewhere.call('/api/auth/login', { body: { username, password: 'Wrong-Pass-1' } })).status).toBe(401);
  });

  it('answers 429 once a client address has used its code attempts, whatever the account', async () => {
    const { call } = makeApp();
    const limit = ATTEMPT_POLICIES.code.address.limit;
    for (let i = 0; i < limit; i += 1) {
      const res = await call('/api/auth/confirm', { body: { email: `nobody${i}@terrace.test`, code: '000000' } });
      expect(res.status).toBe(400);
    }
    const refused = await call('/api/auth/confirm', { body: { email: 'another@terrace.test', code: '000000' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);
});

describe('registration, codes and passwords', () => {
  it('registers with the email attribute, confirms with the e-mailed code, then signs in', async () => {
    const { call } = makeApp();
    const email = `new.fan.${Date.now()}@terrace.test`;
    const created = await call('/api/auth/register', { body: { email: email.toUpperCase(), password: 'Brand-New-Pass-1', displayName: 'New Fan' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ next: 'confirm', email });
    const early = await call('/api/auth/login', { body: { username: email, password: 'Brand-New-Pass-1' } });
    expect(early.status).toBe(403);
    expect(await errorOf(early)).toMatchObject({ code: 'user_not_confirmed', message: 'Please confirm your account with the code we emailed you' });
    const wrong = await call('/api/auth/confirm', { body: { email, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('invalid_code');
    const { confirmationCode } = await stack.cognito.readCodes(email);
    expect((await call('/api/auth/confirm', { body: { email, code: confirmationCode } })).status).toBe(200);
    const jar = new CookieJar();
    const signedIn = await call('/api/auth/login', { body: { username: email, password: 'Brand-New-Pass-1' }, jar });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { email: string; userDisplayName: string } }).user).toMatchObject({ email, userDisplayName: 'New Fan' });
    const again = await call('/api/auth/register', { body: { email, password: 'Brand-New-Pass-1', displayName: 'New Fan' } });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('account_exists');
  });

  it('answers forgot-password alike for known and unknown accounts, and resets with the code', async () => {
    const { call } = makeApp();
    const email = `reset.${Date.now()}@terrace.test`;
    await call('/api/auth/register', { body: { email, password: 'Before-Reset-1', displayName: 'Reset Fan' } });
    await call('/api/auth/confirm', { body: { email, code: (await stack.cognito.readCodes(email)).confirmationCode } });
    expect((await call('/api/auth/forgot-password', { body: { email: 'nobody.at.all@terrace.test' } })).status).toBe(202);
    expect((await call('/api/auth/forgot-password', { body: { email } })).status).toBe(202);
    const bad = await call('/api/auth/reset-password', { body: { email, code: '000000', newPassword: 'After-Reset-1' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('invalid_code');
    const { confirmationCode } = await stack.cognito.readCodes(email);
    expect((await call('/api/auth/reset-password', { body: { email, code: confirmationCode, newPassword: 'After-Reset-1' } })).status).toBe(200);
    expect((await call('/api/auth/login', { body: { username: email, password: 'After-Reset-1' } })).status).toBe(200);
  });

  it('changes the password with the spec text, and says No active user when signed out', async () => {
    const { call } = makeApp();
    const email = `change.${Date.now()}@terrace.test`;
    await call('/api/auth/register', { body: { email, password: 'Change-Me-1', displayName: 'Change Fan' } });
    await call('/api/auth/confirm', { body: { email, code: (await stack.cognito.readCodes(email)).confirmationCode } });
    const signedOut = await call('/api/auth/change-password', { body: { previousPassword: 'Change-Me-1', proposedPassword: 'Changed-Now-1' } });
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toMatchObject({ code: 'no_active_user', message: 'No active user' });
    const jar = new CookieJar();
    await call('/api/auth/login', { body: { username: email, password: 'Change-Me-1' }, jar });
    const wrong = await call('/api/auth/change-password', { body: { previousPassword: 'Not-It-At-All-1', proposedPassword: 'Changed-Now-1' }, jar });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields?.[0]?.path).toBe('previousPassword');
    const ok = await call('/api/auth/change-password', { body: { previousPassword: 'Change-Me-1', proposedPassword: 'Changed-Now-1' }, jar });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'Your password has been successfully updated' });
    expect((await call('/api/auth/login', { body: { username: email, password: 'Changed-Now-1' } })).status).toBe(200);
  });

  it('updates the display name with the spec text, and says No active user when signed out', async () => {
    const { call } = makeApp();
    expect(await errorOf(await call('/api/auth/profile', { body: { displayName: 'X' } }))).toMatchObject({ code: 'no_active_user', message: 'No active user' });
    const email = `profile.${Date.now()}@terrace.test`;
    await call('/api/auth/register', { body: { email, password: 'Profile-Pass-1', displayName: 'Old Name' } });
    await call('/api/auth/confirm', { body: { email, code: (await stack.cognito.readCodes(email)).confirmationCode } });
    const jar = new CookieJar();
    await call('/api/auth/login', { body: { username: email, password: 'Profile-Pass-1' }, jar });
    const res = await call('/api/auth/profile', { body: { displayName: '  New Name ' }, jar });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Your details have been successfully updated', user: { userDisplayName: 'New Name', email } });
    expect(((await (await call('/api/authenticated', { jar })).json()) as { user: { userDisplayName: string } }).user.userDisplayName).toBe('New Name');
  });

  it('answers NEW_PASSWORD_REQUIRED with passwordChangeRequired, then signs in with the new password', async () => {
    const { call } = makeApp();
    const email = `temp.${Date.now()}@terrace.test`;
    await stack.cognito.client.send(
      new AdminCreateUserCommand({
        UserPoolId: stack.cognito.userPoolId,
        Username: email,
        TemporaryPassword: 'Temporary-Pass-1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: 'Temp Fan' },
        ],
      }),
    );
    const jar = new CookieJar();
    const first = await call('/api/auth/login', { body: { username: email, password: 'Temporary-Pass-1' }, jar });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ challenge: 'passwordChangeRequired' });
    const challenge = [...jar.cookies.values()].find((c) => c.name === 'tr_challenge')!;
    expect(challenge).toMatchObject({ httpOnly: true, path: '/api/auth' });
    expect(jar.get('tr_id')).toBeUndefined();
    const withoutChallenge = await call('/api/auth/new-password', { body: { newPassword: 'Permanent-Pass-1' } });
    expect(withoutChallenge.status).toBe(401);
    const done = await call('/api/auth/new-password', { body: { newPassword: 'Permanent-Pass-1' }, jar });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(jar.get('tr_challenge')).toBeUndefined();
    expect(jar.get('tr_id')).toBeDefined();
  });
});

describe('refresh and sign-out', () => {
  it('refreshes with the refresh cookie and sets new id and access cookies', async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    const before = jar.get('tr_access');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new iat
    const res = await call('/api/refresh', { jar });
    expect(res.status).toBe(200);
    expect(jar.get('tr_access')).toBeDefined();
    expect(jar.get('tr_access')).not.toBe(before);
    expect(jar.get('tr_refresh')).toBeDefined();
  });

  it('lets two tabs refresh at once without signing out: one refreshes, the other is told to wait', async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    const tabA = jar.clone();
    const tabB = jar.clone();
    const [a, b] = await Promise.all([call('/api/refresh', { jar: tabA }), call('/api/refresh', { jar: tabB })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const waiting = a.status === 409 ? a : b;
    expect((await errorOf(waiting)).code).toBe('refresh_in_progress');
    expect(waiting.headers.getSetCookie()).toEqual([]); // the waiting tab's cookies are untouched
    expect((await call('/api/authenticated', { jar: a.status === 200 ? tabA : tabB })).status).toBe(200);
  });

  it('answers 401 without a refresh cookie; the refresh cookie is never sent outside /api/refresh', async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    expect(jar.header('/api/authenticated')).not.toMatch(/tr_refresh/);
    expect(jar.header('/api/refresh')).toMatch(/tr_refresh/);
    const res = await call('/api/refresh');
    expect(res.status).toBe(401);
  });

  it('signs out: DELETE /api/refresh revokes the refresh token, POST /api/sign_out clears every cookie', async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    const stolen = jar.clone();
    const revoked = await call('/api/refresh', { method: 'DELETE', jar });
    expect(revoked.status).toBe(204);
    const out = await call('/api/sign_out', { method: 'POST', jar });
    expect(out.status).toBe(204);
    const cleared = out.headers.getSetCookie();
    for (const name of ['tr_id', 'tr_access', 'tr_refresh', 'tr_session'])
      expect(cleared.some((h) => h.startsWith(`${name}=;`) && /Max-Age=0/.test(h))).toBe(true);
    // Only the device cookie stays: the browser remains a known device of the account.
    expect([...jar.cookies.values()].map((c) => c.name)).toEqual(['tr_device']);
    expect((await call('/api/authenticated', { jar })).status).toBe(401);
    // The revoked refresh token no longer works, even from a copy of the old cookies.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const replay = await call('/api/refresh', { jar: stolen });
    expect(replay.status).toBe(401);
    expect((await errorOf(replay)).code).toBe('session_expired');
  });

  it('sends GlobalSignOut with the access token (cognito-local lacks it: a stand-in endpoint records the request)', async () => {
    const seen: { target: string | undefined; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ target: req.headers['x-amz-target'] as string | undefined, body });
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const recorder = createCognitoIdentity({
        region: 'eu-west-1',
        userPoolId: 'local_x',
        clientId: 'c',
        clientSecret: undefined,
        hostedClientId: 'c',
        clientIds: ['c'],
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        issuer: 'x',
        domain: undefined,
      });
      const real = createCognitoIdentity({
        region: 'eu-west-1',
        userPoolId: stack.cognito.userPoolId,
        clientId: stack.cognito.clientId,
        clientSecret: undefined,
        hostedClientId: stack.cognito.clientId,
        clientIds: [stack.cognito.clientId],
        endpoint: stack.cognito.endpoint,
        issuer: stack.cognito.issuer,
        domain: undefined,
      });
      const { call } = makeApp({ identity: { ...real, globalSignOut: recorder.globalSignOut } });
      const { jar } = await signIn(call);
      const access = jar.get('tr_access');
      expect((await call('/api/sign_out', { method: 'POST', jar })).status).toBe(204);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.target).toBe('AWSCognitoIdentityProviderService.GlobalSignOut');
      expect(JSON.parse(seen[0]!.body)).toEqual({ AccessToken: access });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('CSRF and bad input', () => {
  it('refuses state-changing calls from a foreign or missing Origin before anything runs', async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    const account = demo('free');
    for (const origin of ['https://evil.example', 'null', null]) {
      const res = await call('/api/auth/login', { body: { username: account.email, password: account.password }, origin });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden_origin');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await call('/api/auth/profile', { body: { displayName: 'Hacked' }, jar, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('/api/sign_out', { method: 'POST', jar, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('/api/refresh', { method: 'DELETE', jar, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('/api/authenticated', { jar })).status).toBe(200);
  });

  it('refuses a form post (text/plain) that a foreign page could send without a preflight', async () => {
    const { call } = makeApp();
    const res = await call('/api/auth/login', { body: 'username=a&password=b', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
  });

  it.each([
    ['/api/auth/login', { username: '', password: 'x' }, 'username'],
    ['/api/auth/login', { username: 'a@b.c' }, 'password'],
    ['/api/auth/new-password', { newPassword: 'short' }, 'newPassword'],
    ['/api/auth/register', { email: 'not-an-email', password: 'Long-Enough-1', displayName: 'X' }, 'email'],
    ['/api/auth/register', { email: 'a@b.example', password: 'Long-Enough-1', displayName: '' }, 'displayName'],
    ['/api/auth/register', { email: 'a@b.example', password: 'short', displayName: 'X' }, 'password'],
    ['/api/auth/confirm', { email: 'a@b.example', code: 'abc' }, 'code'],
    ['/api/auth/resend-code', { email: 42 }, 'email'],
    ['/api/auth/forgot-password', {}, 'email'],
    ['/api/auth/reset-password', { email: 'a@b.example', code: '123456' }, 'newPassword'],
    ['/api/auth/change-password', { previousPassword: 'x' }, 'proposedPassword'],
    ['/api/auth/profile', { displayName: 'a\u0000b' }, 'displayName'],
  ])('POST %s with bad input answers 400 naming the field', async (path, body, fieldName) => {
    const { call } = makeApp();
    const res = await call(path, { body });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_request');
    expect(error.fields?.map((f) => f.path)).toContain(fieldName);
  });

  it('answers 400 invalid_json to a body that is not JSON, and 413 to an oversized one', async () => {
    const { call } = makeApp();
    expect((await errorOf(await call('/api/auth/login', { body: '{"username":' }))).code).toBe('invalid_json');
    expect((await call('/api/auth/login', { body: JSON.stringify({ username: 'a'.repeat(20_000), password: 'x' }) })).status).toBe(413);
  });

  it("answers GET routes' bad input 400 naming the parameter", async () => {
    const { call } = makeApp();
    const { jar } = await signIn(call);
    const longId = await call(`/api/users/entitlements/${'x'.repeat(65)}`, { jar });
    expect(longId.status).toBe(400);
    expect((await errorOf(longId)).fields?.[0]?.path).toBe('userId');
    const noProvider = await call('/api/auth/authorize');
    expect(noProvider.status).toBe(400);
    expect((await errorOf(noProvider)).fields?.[0]?.path).toBe('provider');
  });

  it('answers GET /api/auth/authorize with an unknown provider 400 naming provider', async () => {
    const { call } = makeApp();
    const res = await call('/api/auth/authorize?provider=Myspace');
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.fields?.[0]?.path).toBe('provider');
    expect(error.message).toMatch(/invalid fields/);
  });
});

describe('return addresses', () => {
  const NAVIGATE = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
  const form = (returnTo: string) => `returnTo=${encodeURIComponent(returnTo)}`;

  it('carries the identity token only to a listed partner host, by a redirect answering a form navigation', async () => {
    const { call } = makeApp({ env: { RETURN_HOSTS: 'tv.stokecity.example' } });
    const { jar } = await signIn(call);
    const partner = await call('/api/auth/return-token', { body: form('https://tv.stokecity.example/live?x=1'), headers: NAVIGATE, jar });
    expect(partner.status).toBe(303);
    const url = new URL(partner.headers.get('location')!);
    expect(url.host).toBe('tv.stokecity.example');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('token')).toBe(jar.get('tr_id'));
    expect(await partner.text()).not.toContain(jar.get('tr_id')!);
    // The site's own addresses never carry a token, whatever the form says.
    for (const own of ['/videos', `${SITE}/videos`]) {
      const res = await call('/api/auth/return-token', { body: `${form(own)}&withToken=true`, headers: NAVIGATE, jar });
      expect(res.status, own).toBe(303);
      expect(res.headers.get('location'), own).toBe(`${SITE}/videos`);
    }
    for (const target of [
      '//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      'http://tv.stokecity.example/',
      'https://user@tv.stokecity.example/',
    ]) {
      const res = await call('/api/auth/return-token', { body: form(target), headers: NAVIGATE, jar });
      expect(res.status, target).toBe(400);
      expect((await errorOf(res)).code).toBe('return_not_allowed');
    }
    expect((await call('/api/auth/return-token', { body: form('/videos'), headers: NAVIGATE })).status).toBe(401);
    const empty = await call('/api/auth/return-token', { body: form(''), headers: NAVIGATE, jar });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields?.[0]?.path).toBe('returnTo');
  });

  it('never answers page script: a fetch (no navigation) or JSON is refused before the token is read', async () => {
    const { call } = makeApp({ env: { RETURN_HOSTS: 'tv.stokecity.example' } });
    const { jar } = await signIn(call);
    const target = 'https://tv.stokecity.example/live';
    for (const mode of [undefined, 'cors', 'same-origin', 'no-cors']) {
      const res = await call('/api/auth/return-token', {
        body: form(target),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(mode ? { 'sec-fetch-mode': mode } : {}) },
        jar,
      });
      expect(res.status, String(mode)).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      const text = await res.text();
      expect(text).not.toContain(jar.get('tr_id')!);
      expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('navigation_required');
    }
    const json = await call('/api/auth/return-token', { body: { returnTo: target }, headers: { 'sec-fetch-mode': 'navigate' }, jar });
    expect(json.status).toBe(415);
    expect(await json.text()).not.toContain(jar.get('tr_id')!);
  });
});

describe('hosted sign-in (Google, Facebook, Sign in with Apple)', () => {
  /** Runs authorize → the stand-in's page → its form, returning the callback URL and the browser's cookies. */
  async function authorize(call: ReturnType<typeof makeApp>['call'], provider: string, returnTo = '/videos') {
    const jar = new CookieJar();
    const res = await call(`/api/auth/authorize?provider=${provider}&returnTo=${encodeURIComponent(returnTo)}`, { jar });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    const page = await fetch(location);
    const tx = /name="tx" value="([^"]+)"/.exec(await page.text())?.[1];
    expect(tx).toBeTruthy();
    const login = await fetch(`${stack.oidc.url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ tx: tx!, action: 'allow', email: `${provider.toLowerCase()}.fan@terrace.test`, name: `${provider} Fan` }),
      redirect: 'manual',
    });
    const callback = new URL(login.headers.get('location')!);
    return { jar, location, callback, authorizeResponse: res };
  }

  it('redirects to the hosted domain with code, PKCE S256, state, nonce, the provider and (Apple) the admin scope', async () => {
    const { call } = makeApp();
    const jar = new CookieJar();
    const res = await call('/api/auth/authorize?provider=SignInWithApple&returnTo=/videos', { jar });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${stack.oidc.url}/oauth2/authorize`);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(stack.cognito.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('identity_provider')).toBe('SignInWithApple');
    expect(q.get('scope')?.split(' ').sort()).toEqual(['aws.cognito.signin.user.admin', 'email', 'openid', 'profile']);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const oauthCookie = [...jar.cookies.values()].find((c) => c.name === 'tr_oauth')!;
    expect(oauthCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/callback', maxAge: 600 });
    const transaction = decodeCookieJson(oauthCookie.value) as Record<string, string>;
    expect(transaction).toMatchObject({ state: q.get('state'), nonce: q.get('nonce'), returnTo: `${SITE}/videos`, provider: 'SignInWithApple' });
    expect(q.get('code_challenge')).not.toContain(transaction.verifier);
  });

  it('ignores open-redirect return addresses at authorize (the site root instead)', async () => {
    const { call } = makeApp();
    for (const target of ['//evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      const jar = new CookieJar();
      await call(`/api/auth/authorize?provider=Google&returnTo=${encodeURIComponent(target)}`, { jar });
      expect((decodeCookieJson(jar.get('tr_oauth')) as { returnTo: string }).returnTo).toBe(`${SITE}/`);
    }
  });

  it.each(['Google', 'Facebook', 'SignInWithApple'])(
    'completes a %s sign-in at /auth/callback/ with the session cookies and loginSuccess=true',
    async (provider) => {
      const { call } = makeApp();
      const { jar, callback } = await authorize(call, provider);
      const res = await call(`${callback.pathname}${callback.search}`, { jar });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${SITE}/videos?loginSuccess=true`);
      expect(jar.get('tr_oauth')).toBeUndefined();
      const me = await call('/api/authenticated', { jar });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string; userDisplayName: string } }).user).toMatchObject({
        email: `${provider.toLowerCase()}.fan@terrace.test`,
        userDisplayName: `${provider} Fan`,
      });
    },
  );

  it('refuses a wrong state, a missing transaction and a replayed code with clear error codes', async () => {
    const { call } = makeApp();
    const { jar, callback } = await authorize(call, 'Google');
    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', 'forged-state-value-000000');
    const tampered = await call(`${wrongState.pathname}${wrongState.search}`, { jar: jar.clone() });
    expect(tampered.headers.get('location')).toBe(`${SITE}/account/login?error=invalid_state`);
    const noCookie = await call(`${callback.pathname}${callback.search}`);
    expect(noCookie.headers.get('location')).toBe(`${SITE}/account/login?error=invalid_state`);
    // The genuine callback succeeds once; the same code with the same transaction again is refused.
    const first = await call(`${callback.pathname}${callback.search}`, { jar: jar.clone() });
    expect(first.headers.get('location')).toMatch(/loginSuccess=true$/);
    const replay = await call(`${callback.pathname}${callback.search}`, { jar: jar.clone() });
    expect(replay.headers.get('location')).toBe(`${SITE}/account/login?error=code_rejected`);
  });

  it("refuses an id token whose nonce is not this browser's (a transaction cookie with another nonce)", async () => {
    const { call } = makeApp();
    const { jar, callback } = await authorize(call, 'Google');
    const cookie = [...jar.cookies.values()].find((c) => c.name === 'tr_oauth')!;
    const transaction = decodeCookieJson(cookie.value) as Record<string, string>;
    cookie.value = Buffer.from(JSON.stringify({ ...transaction, nonce: 'another-browser-nonce-0000000000' })).toString('base64url');
    const res = await call(`${callback.pathname}${callback.search}`, { jar });
    expect(res.headers.get('location')).toBe(`${SITE}/account/login?error=invalid_state`);
    expect(jar.get('tr_id')).toBeUndefined();
  });

  it('sends a cancelled sign-in back to the sign-in page', async () => {
    const { call } = makeApp();
    const jar = new CookieJar();
    const res = await call('/api/auth/authorize?provider=Facebook', { jar });
    const page = await fetch(res.headers.get('location')!);
    const tx = /name="tx" value="([^"]+)"/.exec(await page.text())?.[1];
    const deny = await fetch(`${stack.oidc.url}/login`, { method: 'POST', body: new URLSearchParams({ tx: tx!, action: 'deny' }), redirect: 'manual' });
    const callback = new URL(deny.headers.get('location')!);
    const back = await call(`${callback.pathname}${callback.search}`, { jar });
    expect(back.headers.get('location')).toBe(`${SITE}/account/login?error=cancelled`);
  });
});

describe('entitlements (spec §7)', () => {
  it("answers the signed-in subscriber's entitlements in the spec shape", async () => {
    const { call } = makeApp();
    const { jar, res } = await signIn(call, 'subscriber');
    const { user } = (await res.json()) as { user: { userID: string } };
    const answer = await call(`/api/users/entitlements/${user.userID}`, { jar });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      data: { attributes: { userID: user.userID, entitlements: ['subscription-audio', 'subscription-video'], stripeCustomerID: null } },
    });
  });

  it('answers an empty list without an entitlements record, 403 for another user, 401 when signed out', async () => {
    const { call } = makeApp();
    const { jar, res } = await signIn(call, 'free');
    const { user } = (await res.json()) as { user: { userID: string } };
    const none = await call(`/api/users/entitlements/${user.userID}`, { jar });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ data: { attributes: { userID: user.userID, entitlements: [], stripeCustomerID: null } } });
    const subscriber = (await (await signIn(call, 'subscriber')).res.json()) as { user: { userID: string } };
    expect((await call(`/api/users/entitlements/${subscriber.user.userID}`, { jar })).status).toBe(403);
    expect((await call(`/api/users/entitlements/${user.userID}`)).status).toBe(401);
  });
});

describe('logged events', () => {
  it('stores an accepted event in the database', async () => {
    const app = createPlatformApp({ env: parsePlatformEnv(env), logger: quiet, db });
    const event = {
      action: 'advertClick',
      advertID: `db-${Date.now()}`,
      advertName: 'Kit',
      advertRef: 'r',
      campaignRef: 'c',
      sessionID: '1',
      ssoID: 'no tracking',
      timestamp: '2026-11-21T12:00:00.000Z',
      url: 'https://shop.example/',
      userAllowTracking: false,
      channel: 'web',
      domain: 'x',
      logID: 1,
      screensize: '1x1',
      ssoVendor: 'cognito',
      userAgent: 'UA',
    };
    const res = await app.request(`${SITE}/api/events`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(res.status).toBe(202);
    const rows = await listLoggedEvents(storage.db, event.advertID);
    expect(rows.map((r) => r.payload)).toEqual([event]);
  });
});
