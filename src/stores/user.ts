/**
 * The signed-in user (spec §3 User) and the login check (spec §4 Login check, §5, §7, §8).
 *
 * State: `user` holds the spec's fields — loginCheckCompleted, loginStatusUpdatedByUser, loggedIn,
 * userDisplayName, ssoID, email, entitlements (null until loaded or after a failed check),
 * sessionID (a random integer 1 to 1,000,000 chosen at start, spec §9), stripeCustomerID,
 * bypassed — plus userID (our users.id, which entitlements must match, spec §5).
 * `subscriptionsCheck` is the entitlement call's state: 'idle' | 'checking' | 'held' | 'none'
 * (spec §8 'You have no subscriptions') | 'failed' ('There was an issue checking your
 * subscriptions').
 *
 * Actions: `runLoginCheck(search)` at start and on each route change (loginSuccess=true re-checks
 * and shows 'Logged In', logoutSuccess=true clears and shows 'Logged Out'); `checkLogin()` asks
 * GET /api/authenticated, refreshing once on `token_expired`; `signedIn(user)` after any sign-in;
 * `logOut()` (POST /api/sign_out; after 600 ms the account panel closes and 'Logged Out' shows).
 * A failed check, whatever the reason, leaves the visitor signed out — never an error.
 *
 * The session itself is in HttpOnly cookies the browser cannot read; a visitor who never signed in
 * in this browser is known to be signed out without a request: a non-secret marker in
 * localStorage (SESSION_MARKER_KEY, '1', no token) is set by every sign-in and removed by every
 * sign-out or failed check, and the check asks the API only when it is present or after
 * loginSuccess=true. Stale answers (a route change or sign-in overtaking a check) are dropped.
 */
import { atom, map } from 'nanostores';
import { randomId } from '../lib/randomId';
import { LOGOUT_NOTICE_DELAY_MS } from '../lib/constants';
import { LOGGED_IN_MESSAGE, LOGGED_OUT_MESSAGE, loginCheckStep, withoutLoginFlags } from '../lib/loginCheck';
import type { SessionUser } from '../lib/loginResponse';
import { subscriptionsFrom, type SubscriptionsState } from '../lib/subscriptions';
import { getAuthenticated, getEntitlements, refreshSession, signOut } from '../platform/client';
import { closeAccountPanel } from './ui';
import { showAccountNotification } from './notifications';

export interface UserState {
  loginCheckCompleted: boolean;
  loginStatusUpdatedByUser: boolean;
  loggedIn: boolean;
  userDisplayName: string;
  ssoID: string;
  email: string;
  entitlements: string[] | null;
  sessionID: number;
  stripeCustomerID: string;
  bypassed: boolean;
  /** Our users.id (accounts contract SessionUser.userID); '' when signed out. */
  userID: string;
}

export const user = map<UserState>({
  loginCheckCompleted: false,
  loginStatusUpdatedByUser: false,
  loggedIn: false,
  userDisplayName: '',
  ssoID: '',
  email: '',
  entitlements: null,
  sessionID: randomId(),
  stripeCustomerID: '',
  bypassed: false,
  userID: '',
});

/** The entitlement call's state (spec §8 subscription messages; src/lib/subscriptions). */
export const subscriptionsCheck = atom<SubscriptionsState>('idle');

/** localStorage key of the "signed in in this browser" marker (never a token). */
export const SESSION_MARKER_KEY = 'terrace.signedIn';
/** Wait before asking again when another tab is refreshing the same session (ms). */
export const REFRESH_RETRY_MS = 400;

/** Bumped by every check, sign-in and sign-out, so an overtaken answer is ignored. */
let ticket = 0;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function setMarker(signedIn: boolean): void {
  try {
    if (signedIn) storage()?.setItem(SESSION_MARKER_KEY, '1');
    else storage()?.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Storage full or refused: the next check simply asks the API.
  }
}

function hasMarker(): boolean {
  const store = storage();
  // Without storage we cannot know, so ask.
  return store === null || store.getItem(SESSION_MARKER_KEY) === '1';
}

/**
 * Setting user data sets loggedIn, display name, ssoID, email (and userID, bypassed) — spec §4.
 * (Clearing the login prompt message is the account panel's close, src/stores/ui.)
 */
export function setUserData(data: SessionUser): void {
  user.set({
    ...user.get(),
    userID: data.userID,
    ssoID: data.ssoID,
    email: data.email,
    userDisplayName: data.userDisplayName,
    bypassed: data.bypassed,
    loggedIn: true,
    loginCheckCompleted: true,
  });
}

/** Clearing user data sets loggedIn false and drops personal data and entitlements (spec §4). */
export function clearUserData(): void {
  user.set({
    ...user.get(),
    loggedIn: false,
    userID: '',
    userDisplayName: '',
    ssoID: '',
    email: '',
    entitlements: null,
    stripeCustomerID: '',
    bypassed: false,
    loginCheckCompleted: true,
  });
  subscriptionsCheck.set('idle');
}

/**
 * Loads the current user's entitlements (spec §7 GET users/entitlements/{userId}) and accepts
 * them only when the answer's userID is the current user's (spec §5); a failure leaves
 * entitlements null (spec §4 Login check "On failure").
 */
export async function loadEntitlements(): Promise<void> {
  const { userID } = user.get();
  if (!userID) return;
  subscriptionsCheck.set('checking');
  const answer = await getEntitlements(userID);
  if (user.get().userID !== userID) return;
  const outcome = subscriptionsFrom(answer.ok ? { status: answer.status, record: answer.data } : { status: answer.status, record: null }, userID);
  user.setKey('entitlements', outcome.entitlements);
  user.setKey('stripeCustomerID', outcome.stripeCustomerID);
  subscriptionsCheck.set(outcome.state);
}

/** Marks `data` signed in (any sign-in path, or a successful check) and loads the entitlements. */
export function signedIn(data: SessionUser): void {
  ticket += 1;
  setMarker(true);
  setUserData(data);
  void loadEntitlements();
}

function signedOut(): void {
  setMarker(false);
  clearUserData();
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The login check (spec §4): GET /api/authenticated; on 401 `token_expired` one GET /api/refresh
 * (on 409 `refresh_in_progress`, another tab is refreshing: ask authenticated again shortly).
 * Success marks the user signed in and loads entitlements; anything else signs out quietly.
 * `force` asks even without the browser's signed-in marker (after a hosted sign-in).
 * Resolves to whether the user is signed in.
 */
export async function checkLogin(options: { force?: boolean } = {}): Promise<boolean> {
  const mine = ++ticket;
  if (!options.force && !hasMarker()) {
    signedOut();
    return false;
  }
  let answer = await getAuthenticated();
  if (!answer.ok && answer.status === 401 && answer.code === 'token_expired') {
    answer = await refreshSession();
    if (!answer.ok && answer.code === 'refresh_in_progress') {
      await delay(REFRESH_RETRY_MS);
      answer = await getAuthenticated();
    }
  }
  if (mine !== ticket) return user.get().loggedIn;
  if (!answer.ok) {
    signedOut();
    return false;
  }
  const known = user.get();
  setMarker(true);
  setUserData(answer.data.user);
  if (known.userID !== answer.data.user.userID || known.entitlements === null) void loadEntitlements();
  return true;
}

/**
 * What a page does at start and after each route change (spec §4 Login check), given its query
 * string: the ordinary check; or, for loginSuccess=true, a forced re-check, 'Logged In' and
 * `afterSignIn` (the stored return address, src/stores/signIn); or, for logoutSuccess=true, the
 * logout clean-up and 'Logged Out'. The flags are then taken out of the address bar.
 */
export async function runLoginCheck(location: { search: string; href: string }, afterSignIn?: () => Promise<unknown>): Promise<void> {
  const step = loginCheckStep(location.search);
  const clean = withoutLoginFlags(location.href);
  if (clean !== null && typeof history !== 'undefined') history.replaceState(history.state, '', clean);
  if (step === 'check') await checkLogin();
  else if (step === 'loginSuccess') {
    if (await checkLogin({ force: true })) {
      showAccountNotification(LOGGED_IN_MESSAGE);
      await afterSignIn?.();
    }
  } else if (step === 'logoutSuccess') {
    ticket += 1;
    signedOut();
    showAccountNotification(LOGGED_OUT_MESSAGE);
  }
}

/**
 * Logout (spec §4): marks the change as the user's, signs out (POST /api/sign_out; the cookies
 * go even if the call fails, as far as the browser is concerned the user is signed out), clears
 * the user's data, and after 600 ms closes the account panel and shows 'Logged Out'.
 */
export async function logOut(): Promise<void> {
  ticket += 1;
  user.setKey('loginStatusUpdatedByUser', true);
  await signOut();
  signedOut();
  await delay(LOGOUT_NOTICE_DELAY_MS);
  closeAccountPanel();
  showAccountNotification(LOGGED_OUT_MESSAGE);
}
