/**
 * The login check and the session actions (spec §4 Login check, Sign-in, Logout; §5, §7, §8),
 * changing src/stores/user; loaded by src/browser/loginCheckStart.ts when a check needs a request,
 * and by the account islands. `runLoginCheck(location, afterSignIn)` handles the loginSuccess and
 * logoutSuccess flags; `checkLogin()` asks GET /api/authenticated, refreshing once on token_expired,
 * and never fails loudly (only an API answer forgets the signed-in marker); `signedIn(user)`,
 * `loadEntitlements()`, `logOut()`. Answers overtaken by a newer action are dropped (a ticket).
 */
import { LOGOUT_NOTICE_DELAY_MS } from '../lib/constants';
import { LOGGED_IN_MESSAGE, LOGGED_OUT_MESSAGE, loginCheckStep, provesSignedOut, withoutLoginFlags } from '../accounts/rules/loginCheck';
import type { SessionUser } from '../accounts/rules/loginResponse';
import { subscriptionsFrom } from '../accounts/rules/subscriptions';
import { getAuthenticated, getEntitlements, refreshSession, signOut } from '../accounts/browser/accountsClient';
import { showAccountNotification } from './notifications';
import { closeAccountPanel } from './ui';
import { clearUserData, knownSignedOut, setSessionMarker, setUserData, subscriptionsCheck, user } from './user';

/** Wait before asking again when another tab is refreshing the same session (ms). */
export const REFRESH_RETRY_MS = 400;

/** Bumped by every check, sign-in and sign-out, so an overtaken answer is ignored. */
let ticket = 0;

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

/** Marks `data` signed in (any sign-in path) and loads the entitlements. */
export function signedIn(data: SessionUser): void {
  ticket += 1;
  setSessionMarker(true);
  setUserData(data);
  void loadEntitlements();
}

function signedOut(): void {
  setSessionMarker(false);
  clearUserData();
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The login check (spec §4). `force` asks even when this browser has no signed-in marker (after
 * a hosted sign-in). Resolves to whether the user is signed in.
 */
export async function checkLogin(options: { force?: boolean } = {}): Promise<boolean> {
  const mine = ++ticket;
  if (!options.force && knownSignedOut()) return false;
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
    if (provesSignedOut(answer.status)) signedOut();
    else clearUserData();
    return false;
  }
  const known = user.get();
  setSessionMarker(true);
  setUserData(answer.data.user);
  if (known.userID !== answer.data.user.userID || known.entitlements === null) void loadEntitlements();
  return true;
}

/**
 * What a page does at start and after each route change (spec §4 Login check), given its
 * location (query string and full address).
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
 * Logout (spec §4): marks the change as the user's, signs out (DELETE /api/refresh, POST
 * /api/sign_out; whatever they answer, this browser is signed out), clears the user's data, and
 * after 600 ms closes the account panel and shows 'Logged Out', unless a sign-in came meanwhile.
 */
export async function logOut(): Promise<void> {
  ticket += 1;
  user.setKey('loginStatusUpdatedByUser', true);
  await signOut();
  signedOut();
  await delay(LOGOUT_NOTICE_DELAY_MS);
  // Signed in again meanwhile: the panel now open is the new session's, and 'Logged Out' is stale.
  if (user.get().loggedIn) return;
  closeAccountPanel();
  showAccountNotification(LOGGED_OUT_MESSAGE);
}
