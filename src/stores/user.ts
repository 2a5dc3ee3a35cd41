/**
 * The signed-in user (spec §3 User), the state every page's scripts may read: `user` (the spec's
 * fields plus userID; entitlements null until loaded; sessionID a random 1–1,000,000, spec §9) and
 * `subscriptionsCheck` ('idle' | 'checking' | 'held' | 'none' | 'failed', spec §8 texts).
 * `knownSignedOut()` reads a non-secret localStorage marker (SESSION_MARKER_KEY) that every sign-in
 * sets and every sign-out or failed check removes, so a fresh browser skips the request. The actions
 * that change the user are in src/stores/session.ts, loaded when needed.
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
