/**
 * The account stores against a faked platform API (spec §4 Login check
 * and Sign-in, §5, §8): src/stores/session (login check, entitlements, logout) over
 * src/stores/user, src/stores/signIn (sign-in, new password, following the return address),
 * src/stores/returnTo (storing it) and src/stores/accountForms. `fetch`, storage,
 * location and history are stubbed; every request the stores make is recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountNotification, closeAccountNotification } from '../../src/stores/notifications';
import { $openPanel, closeAccountPanel, openAccountPanel } from '../../src/stores/ui';
import { clearUserData, SESSION_MARKER_KEY, subscriptionsCheck, user } from '../../src/stores/user';
import { checkLogin, logOut, runLoginCheck, signedIn } from '../../src/stores/session';
import { configureReturnHosts, rememberReturnAddress, RETURN_ADDRESS_KEY } from '../../src/stores/returnTo';
import { followReturnAddress, restartSignIn, signInForm, submitNewPassword, submitSignIn } from '../../src/stores/signIn';
import {
  passwordChange,
  passwordReset,
  profileUpdate,
  registration,
  requestPasswordReset,
  restartPasswordReset,
  submitConfirmation,
  submitPasswordChange,
  submitPasswordReset,
  submitProfile,
  submitRegistration,
} from '../../src/stores/accountForms';

const SITE = 'https://www.club.example';
const sam = { userID: 'u-1', ssoID: 'sub-1', email: 'sam@example.com', userDisplayName: 'Sam', bypassed: false };

/** A Storage kept in a Map. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';
interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers by "METHOD /path"; each key takes a reply or a queue of replies (the last repeats). */
function fakeApi(routes: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> });
    const route = routes[`${method} ${path}`];
    const queue = Array.isArray(route) ? route : route ? [route] : [{ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }];
    const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { calls, paths: () => calls.map((c) => `${c.method} ${c.path}`) };
}

const entitlementsOf = (userID: string, stripeCustomerID: string | null = 'cus_1') => ({
  status: 200,
  body: { data: { attributes: { userID, entitlements: ['subscription-video'], stripeCustomerID } } },
});
const unauthorised = (code: string) => ({ status: 401, body: { error: { code, message: 'Not signed in' } } });

let assign: ReturnType<typeof vi.fn>;
let replaceState: ReturnType<typeof vi.fn>;

function setLocation(pathAndQuery: string): { search: string; href: string } {
  const url = new URL(pathAndQuery, SITE);
  vi.stubGlobal('location', { origin: url.origin, href: url.href, search: url.search, pathname: url.pathname, assign });
  return { search: url.search, href: url.href };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  assign = vi.fn();
  replaceState = vi.fn();
  vi.stubGlobal('history', { state: null, replaceState });
  setLocation('/news');
  configureReturnHosts('tv.club.example');
  clearUserData();
  user.setKey('loginCheckCompleted', false);
  restartSignIn();
  closeAccountPanel();
  closeAccountNotification();
  registration.set({ step: 'details', email: '', status: { state: 'idle' } });
  restartPasswordReset();
  profileUpdate.set({ state: 'idle' });
  passwordChange.set({ state: 'idle' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets pending promises (the entitlements load started in the background) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('login check (spec §4)', () => {
  it('knows a browser that never signed in is signed out without asking', async () => {
    const api = fakeApi({});
    expect(await checkLogin()).toBe(false);
    expect(api.calls).toEqual([]);
    expect(user.get()).toMatchObject({ loggedIn: false, loginCheckCompleted: true, entitlements: null });
  });

  it('marks the user signed in with display name, SSO id, e-mail, bypass, and loads entitlements', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    const api = fakeApi({
      'GET /api/authenticated': { status: 200, body: { user: { ...sam, bypassed: true } } },
      'GET /api/users/entitlements/u-1': entitlementsOf('u-1'),
    });
    expect(await checkLogin()).toBe(true);
    await settle();
    expect(user.get()).toMatchObject({
      loggedIn: true,
      userDisplayName: 'Sam',
      ssoID: 'sub-1',
      email: 'sam@example.com',
      userID: 'u-1',
      bypassed: true,
      entitlements: ['subscription-video'],
      stripeCustomerID: 'cus_1',
    });
    expect(subscriptionsCheck.get()).toBe('held');
    expect(api.paths()).toEqual(['GET /api/authenticated', 'GET /api/users/entitlements/u-1']);
  });

  it("accepts entitlements only for the current user (spec §5), else 'There was an issue…'", async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    fakeApi({ 'GET /api/authenticated': { status: 200, body: { user: sam } }, 'GET /api/users/entitlements/u-1': entitlementsOf('u-2') });
    await checkLogin();
    await settle();
    expect(user.get().entitlements).toBeNull();
    expect(subscriptionsCheck.get()).toBe('failed');
  });

  it("no entitlements record: 'You have no subscriptions' (spec §8)", async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    fakeApi({
      'GET /api/authenticated': { status: 200, body: { user: sam } },
      'GET /api/users/entitlements/u-1': { status: 404, body: { error: { code: 'not_found', message: 'No record' } } },
    });
    await checkLogin();
    await settle();
    expect(user.get().entitlements).toEqual([]);
    expect(subscriptionsCheck.get()).toBe('none');
  });

  it('refreshes once on token_expired, and asks again when another tab is refreshing', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    const api = fakeApi({
      'GET /api/authenticated': [unauthorised('token_expired'), { status: 200, body: { user: sam } }],
      'GET /api/refresh': { status: 409, body: { error: { code: 'refresh_in_progress', message: 'Busy' } } },
      'GET /api/users/entitlements/u-1': entitlementsOf('u-1'),
    });
    expect(await checkLogin()).toBe(true);
    expect(api.paths().slice(0, 3)).toEqual(['GET /api/authenticated', 'GET /api/refresh', 'GET /api/authenticated']);
  });

  it('signs out quietly on any failure, never throwing; only an API answer forgets the browser marker', async () => {
    for (const [reply, markerKept] of [
      [unauthorised('not_signed_in'), false],
      [{ status: 200, body: { user: { ...sam, userID: 3 } } }, false],
      // No answer (offline, or the request aborted by a reload) and server errors say nothing
      // about the session: the next page asks again instead of showing the user signed out.
      [{ status: 500, body: 'oops' }, true],
      ['network' as const, true],
    ] as const) {
      localStorage.setItem(SESSION_MARKER_KEY, '1');
      signedIn(sam);
      fakeApi({ 'GET /api/authenticated': reply, 'GET /api/refresh': unauthorised('refresh_failed') });
      await expect(checkLogin()).resolves.toBe(false);
      expect(user.get()).toMatchObject({ loggedIn: false, userDisplayName: '', ssoID: '', entitlements: null, loginCheckCompleted: true });
      expect(localStorage.getItem(SESSION_MARKER_KEY)).toBe(markerKept ? '1' : null);
    }
  });

  it('drops an answer overtaken by a sign-in', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) =>
        path === '/api/authenticated' ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(new Response('{}', { status: 404 })),
      ),
    );
    const check = checkLogin();
    signedIn(sam);
    answer(new Response(JSON.stringify({ error: { code: 'not_signed_in', message: 'x' } }), { status: 401 }));
    await check;
    expect(user.get().loggedIn).toBe(true);
  });
});

describe('login and logout flags in the query (spec §4)', () => {
  it("loginSuccess=true re-checks (even without the marker), shows 'Logged In', follows the stored return address and cleans the address bar", async () => {
    const api = fakeApi({ 'GET /api/authenticated': { status: 200, body: { user: sam } }, 'GET /api/users/entitlements/u-1': entitlementsOf('u-1') });
    sessionStorage.setItem(RETURN_ADDRESS_KEY, JSON.stringify({ returnTo: '/videos/subscriptions', suppressToken: false }));
    await runLoginCheck(setLocation('/news?loginSuccess=true&page=2'), followReturnAddress);
    expect(api.paths()[0]).toBe('GET /api/authenticated');
    expect(user.get().loggedIn).toBe(true);
    expect(accountNotification.get()).toEqual({ display: true, message: 'Logged In' });
    expect(replaceState).toHaveBeenCalledWith(null, '', `${SITE}/news?page=2`);
    expect(assign).toHaveBeenCalledWith(`${SITE}/videos/subscriptions`);
    expect(sessionStorage.getItem(RETURN_ADDRESS_KEY)).toBeNull();
  });

  it("logoutSuccess=true clears the user's data and shows 'Logged Out' without a check", async () => {
    signedIn(sam);
    const api = fakeApi({});
    await runLoginCheck(setLocation('/?logoutSuccess=true'));
    expect(api.calls).toEqual([]);
    expect(user.get().loggedIn).toBe(false);
    expect(accountNotification.get()).toEqual({ display: true, message: 'Logged Out' });
  });

  it('a flag with another value runs no check', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    const api = fakeApi({});
    await runLoginCheck(setLocation('/?loginSuccess=false'));
    expect(api.calls).toEqual([]);
  });
});

describe('logout (spec §4)', () => {
  it("signs out, clears the user, and after 600 ms closes the account panel and shows 'Logged Out'", async () => {
    vi.useFakeTimers();
    signedIn(sam);
    openAccountPanel();
    const api = fakeApi({ 'DELETE /api/refresh': { status: 204 }, 'POST /api/sign_out': { status: 204 } });
    const done = logOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.paths()).toEqual(['DELETE /api/refresh', 'POST /api/sign_out']);
    expect(api.calls[1]).toMatchObject({ headers: { 'content-type': 'application/json' } });
    expect(user.get()).toMatchObject({ loggedIn: false, loginStatusUpdatedByUser: true });
    expect($openPanel.get()).toBe('account');
    await vi.advanceTimersByTimeAsync(599);
    expect($openPanel.get()).toBe('account');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect($openPanel.get()).toBeNull();
    expect(accountNotification.get()).toEqual({ display: true, message: 'Logged Out' });
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
  });

  it("a sign-in within the 600 ms keeps the new session's panel open and shows no 'Logged Out'", async () => {
    vi.useFakeTimers();
    signedIn(sam);
    fakeApi({ 'DELETE /api/refresh': { status: 204 }, 'POST /api/sign_out': { status: 204 }, 'GET /api/users/entitlements/u-1': entitlementsOf('u-1') });
    const done = logOut();
    await vi.advanceTimersByTimeAsync(0);
    closeAccountNotification();
    signedIn(sam);
    openAccountPanel();
    await vi.advanceTimersByTimeAsync(600);
    await done;
    expect($openPanel.get()).toBe('account');
    expect(accountNotification.get().display).toBe(false);
  });
});

describe('sign-in form (spec §4 Sign-in, §5)', () => {
  it('lower-cases the username, signs in, closes the panel and shows Logged In', async () => {
    openAccountPanel();
    const api = fakeApi({ 'POST /api/auth/login': { status: 200, body: { user: sam } }, 'GET /api/users/entitlements/u-1': entitlementsOf('u-1') });
    await submitSignIn({ username: '  Sam@Example.COM ', password: 'pw' });
    expect(api.calls[0]).toMatchObject({ path: '/api/auth/login', body: { username: 'sam@example.com', password: 'pw' } });
    expect(user.get().loggedIn).toBe(true);
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBe('1');
    expect($openPanel.get()).toBeNull();
    expect(accountNotification.get().message).toBe('Logged In');
    expect(signInForm.get()).toEqual({ step: 'credentials', status: 'idle', message: '' });
  });

  it("shows only the login call's message", async () => {
    fakeApi({
      'POST /api/auth/login': { status: 401, body: { error: { code: 'invalid_credentials', message: 'Incorrect username or password.', requestId: 'r1' } } },
    });
    await submitSignIn({ username: 'sam@example.com', password: 'nope' });
    expect(signInForm.get()).toEqual({ step: 'credentials', status: 'failed', message: 'Incorrect username or password.' });
    fakeApi({ 'POST /api/auth/login': 'network' });
    await submitSignIn({ username: 'sam@example.com', password: 'nope' });
    expect(signInForm.get().message).toBe('There was a problem logging in');
  });

  it('asks for a new password when required, then signs in with it', async () => {
    const api = fakeApi({
      'POST /api/auth/login': { status: 200, body: { challenge: 'passwordChangeRequired' } },
      'POST /api/auth/new-password': [
        { status: 400, body: { error: { code: 'invalid_password', message: 'Password does not conform to policy' } } },
        { status: 200, body: { user: sam } },
      ],
      'GET /api/users/entitlements/u-1': entitlementsOf('u-1'),
    });
    await submitSignIn({ username: 'sam@example.com', password: 'Temporary-1' });
    expect(signInForm.get()).toEqual({ step: 'newPassword', status: 'idle', message: '' });
    expect(user.get().loggedIn).toBe(false);
    await submitNewPassword('short');
    expect(signInForm.get()).toEqual({ step: 'newPassword', status: 'failed', message: 'Password does not conform to policy' });
    await submitNewPassword('A-new-password-1');
    expect(api.calls.find((c) => c.path === '/api/auth/new-password')?.body).toEqual({ newPassword: 'short' });
    expect(user.get().loggedIn).toBe(true);
    expect(signInForm.get().step).toBe('credentials');
  });

  it('goes to the configured after-login route when no return address is stored', async () => {
    fakeApi({ 'POST /api/auth/login': { status: 200, body: { user: sam } } });
    await submitSignIn({ username: 'sam@example.com', password: 'pw' }, { afterLogin: '/videos' });
    expect(assign).toHaveBeenCalledWith(`${SITE}/videos`);
  });
});

/** A stubbed `document` whose forms record what they would submit. */
function fakeForms() {
  const submitted: { method: string; action: string; fields: Record<string, string> }[] = [];
  const element = (tag: string) => {
    const node = {
      tag,
      method: '',
      action: '',
      hidden: false,
      type: '',
      name: '',
      value: '',
      children: [] as { name: string; value: string }[],
      append: (...children: { name: string; value: string }[]) => void node.children.push(...children),
      submit: () => void submitted.push({ method: node.method, action: node.action, fields: Object.fromEntries(node.children.map((c) => [c.name, c.value])) }),
    };
    return node;
  };
  vi.stubGlobal('document', { createElement: element, body: { append() {} } });
  return { submitted };
}

describe('return address (spec §4; allow-list and identity token)', () => {
  it('stores only allow-listed addresses', () => {
    expect(rememberReturnAddress({ returnTo: 'https://evil.example/', suppressToken: false })).toBe(false);
    expect(rememberReturnAddress({ returnTo: '//evil.example/', suppressToken: false })).toBe(false);
    expect(sessionStorage.getItem(RETURN_ADDRESS_KEY)).toBeNull();
    expect(rememberReturnAddress({ returnTo: 'https://tv.club.example/live', suppressToken: false })).toBe(true);
  });

  it('adds the identity token for a listed host by a form navigation the API redirects, once, never by a call script reads', async () => {
    const api = fakeApi({});
    const forms = fakeForms();
    rememberReturnAddress({ returnTo: 'https://tv.club.example/live', suppressToken: false });
    expect(await followReturnAddress()).toBe(true);
    expect(forms.submitted).toEqual([{ method: 'post', action: '/api/auth/return-token', fields: { returnTo: 'https://tv.club.example/live' } }]);
    expect(api.calls).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(await followReturnAddress()).toBe(false);
    expect(forms.submitted).toHaveLength(1);
  });

  it('leaves the token off when suppressed, and for the site itself', async () => {
    const api = fakeApi({});
    rememberReturnAddress({ returnTo: 'https://tv.club.example/live', suppressToken: true });
    await followReturnAddress();
    rememberReturnAddress({ returnTo: '/videos', suppressToken: false });
    await followReturnAddress();
    expect(api.calls).toEqual([]);
    expect(assign.mock.calls).toEqual([['https://tv.club.example/live'], [`${SITE}/videos`]]);
  });

  it('refuses a stored address that is not on the list', async () => {
    const forms = fakeForms();
    sessionStorage.setItem(RETURN_ADDRESS_KEY, JSON.stringify({ returnTo: 'https://evil.example/', suppressToken: true }));
    expect(await followReturnAddress()).toBe(false);
    sessionStorage.setItem(RETURN_ADDRESS_KEY, JSON.stringify({ returnTo: 'https://evil.example/', suppressToken: false }));
    expect(await followReturnAddress()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(forms.submitted).toEqual([]);
  });
});

describe('account pages', () => {
  it('registers, then confirms with the code and is signed in with the password given', async () => {
    const fan = { ...sam, userID: 'u-9', email: 'new@example.com', userDisplayName: 'New Fan' };
    const api = fakeApi({
      'POST /api/auth/register': { status: 201, body: { next: 'confirm', email: 'new@example.com' } },
      'POST /api/auth/confirm': [
        { status: 400, body: { error: { code: 'invalid_code', message: 'That code is not right', fields: [{ path: 'code', message: 'Check the code' }] } } },
        { status: 200, body: { confirmed: true } },
      ],
      'POST /api/auth/login': { status: 200, body: { user: fan } },
      'GET /api/users/entitlements/u-9': { status: 404, body: { error: { code: 'no_entitlements', message: 'You have no subscriptions' } } },
    });
    await submitRegistration({ email: ' New@Example.com', password: 'A-password-1', displayName: ' New Fan ' });
    expect(api.calls[0]?.body).toEqual({ email: 'new@example.com', password: 'A-password-1', displayName: 'New Fan' });
    expect(registration.get()).toEqual({ step: 'confirm', email: 'new@example.com', status: { state: 'idle' } });
    await submitConfirmation({ email: 'new@example.com', code: '000000' });
    expect(registration.get().status).toEqual({ state: 'failed', message: 'That code is not right', fields: { code: 'Check the code' } });
    await submitConfirmation({ email: 'new@example.com', code: ' 123456 ' });
    expect(api.calls[2]?.body).toEqual({ email: 'new@example.com', code: '123456' });
    expect(api.calls[3]).toMatchObject({ method: 'POST', path: '/api/auth/login', body: { username: 'new@example.com', password: 'A-password-1' } });
    expect(user.get()).toMatchObject({ loggedIn: true, userID: 'u-9', userDisplayName: 'New Fan' });
    expect(registration.get()).toMatchObject({ step: 'confirmed', signedIn: true });
    expect(accountNotification.get()).toMatchObject({ display: true, message: 'Logged In' });
  });

  it('confirming on its own (no password in memory) offers the sign-in instead', async () => {
    const api = fakeApi({ 'POST /api/auth/confirm': { status: 200, body: { confirmed: true } } });
    await submitConfirmation({ email: 'other@example.com', code: '123456' });
    expect(api.paths()).toEqual(['POST /api/auth/confirm']);
    expect(registration.get()).toMatchObject({ step: 'confirmed', signedIn: false });
  });

  it("shows the API's messages for an existing account and per field", async () => {
    fakeApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'The request has invalid fields',
            fields: [{ path: 'body.password', message: 'Use at least 8 characters' }],
          },
        },
      },
    });
    await submitRegistration({ email: 'a@example.com', password: 'x', displayName: 'A' });
    expect(registration.get().status).toEqual({
      state: 'failed',
      message: 'The request has invalid fields',
      fields: { password: 'Use at least 8 characters' },
    });
    fakeApi({ 'POST /api/auth/register': 'network' });
    await submitRegistration({ email: 'a@example.com', password: 'x', displayName: 'A' });
    expect(registration.get().status).toMatchObject({ state: 'failed', message: 'Something went wrong. Please try again in a few minutes' });
  });

  it('resets a forgotten password with the code', async () => {
    const api = fakeApi({ 'POST /api/auth/forgot-password': { status: 202 }, 'POST /api/auth/reset-password': { status: 200, body: {} } });
    await requestPasswordReset('Sam@Example.com');
    expect(passwordReset.get()).toMatchObject({ step: 'reset', email: 'sam@example.com' });
    await submitPasswordReset({ email: 'sam@example.com', code: '654321', newPassword: 'A-new-one-1' });
    expect(api.calls[1]?.body).toEqual({ email: 'sam@example.com', code: '654321', newPassword: 'A-new-one-1' });
    expect(passwordReset.get().step).toBe('done');
  });

  it('updates the display name and the password with the messages of spec §5', async () => {
    signedIn(sam);
    fakeApi({
      'POST /api/auth/profile': { status: 200, body: { message: 'Your details have been successfully updated', user: { ...sam, userDisplayName: 'Samuel' } } },
      'POST /api/auth/change-password': [{ status: 200, body: { message: 'Your password has been successfully updated' } }, unauthorised('no_active_user')],
    });
    await submitProfile(' Samuel ');
    expect(profileUpdate.get()).toEqual({ state: 'done', message: 'Your details have been successfully updated' });
    expect(user.get().userDisplayName).toBe('Samuel');
    await submitPasswordChange({ previousPassword: 'a', proposedPassword: 'b' });
    expect(passwordChange.get()).toEqual({ state: 'done', message: 'Your password has been successfully updated' });
    await submitPasswordChange({ previousPassword: 'a', proposedPassword: 'b' });
    expect(passwordChange.get()).toMatchObject({ state: 'failed', message: 'Not signed in' });
  });
});
