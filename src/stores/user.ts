/**
 * The signed-in user (spec §3 User) — the state every page's scripts may read (analytics and
 * advert events take sessionID and ssoID from it). Light on purpose: the login check and the
 * other account actions that change it are in src/stores/session.ts, loaded only when needed.
 *
 * `user` holds the spec's fields — loginCheckCompleted, loginStatusUpdatedByUser, loggedIn,
 * userDisplayName, ssoID, email, entitlements (null until loaded or after a failed check),
 * sessionID (a random integer 1 to 1,000,000 chosen at start, spec §9), stripeCustomerID,
 * bypassed — plus userID (our users.id, which entitlements must match, spec §5).
 * `subscriptionsCheck` is the entitlement call's state: 'idle' | 'checking' | 'held' | 'none'
 * (spec §8 'You have no subscriptions') | 'failed' ('There was an issue checking your
 * subscriptions').
 *
 * The session itself is in HttpOnly cookies the browser cannot read. A browser where nobody has
 * signed in is known to be signed out without a request: a non-secret marker in localStorage
 * (SESSION_MARKER_KEY, '1', never a token) is set by every sign-in and removed by every sign-out
 * or failed check; `knownSignedOut()` reads it.
 */
import { atom, map } from 'nanostores';
import { randomId } from '../lib/randomId';
import type { SessionUser } from '../accounts/rules/loginResponse';
import type { SubscriptionsState } from '../accounts/rules/subscriptions';

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

/** The entitlement call's state (spec §8 subscription messages; src/accounts/rules/subscriptions). */
export const subscriptionsCheck = atom<SubscriptionsState>('idle');

/** localStorage key of the "signed in in this browser" marker (never a token). */
export const SESSION_MARKER_KEY = 'terrace.signedIn';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Sets or removes the signed-in marker; storage refusing it only costs a request later. */
export function setSessionMarker(signedIn: boolean): void {
  try {
    if (signedIn) storage()?.setItem(SESSION_MARKER_KEY, '1');
    else storage()?.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Full or refused: the next check simply asks the API.
  }
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
 * True, with the user's data cleared (the check's outcome), when nobody has signed in in this
 * browser since the last sign-out — so the login check needs no request. Without storage it
 * cannot know and answers false.
 */
export function knownSignedOut(): boolean {
  const store = storage();
  if (store === null || store.getItem(SESSION_MARKER_KEY) === '1') return false;
  clearUserData();
  return true;
}
