/**
 * The signed-in user (spec §3 User): login state, display name, SSO id, email, entitlements,
 * Stripe customer id, bypass flag, and a session id — a random integer 1 to 1,000,000 chosen at
 * start (spec §9).
 */
import { map } from 'nanostores';
import { randomId } from '../lib/randomId';

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
});

/** Setting user data sets loggedIn, display name, ssoID and email (spec §4 Login check). */
export function setUserData(data: { userDisplayName: string; ssoID: string; email: string }): void {
  user.set({ ...user.get(), ...data, loggedIn: true, loginCheckCompleted: true });
}

/** Clearing user data sets loggedIn false and drops personal data and entitlements. */
export function clearUserData(): void {
  user.set({ ...user.get(), loggedIn: false, userDisplayName: '', ssoID: '', email: '', entitlements: null, stripeCustomerID: '', bypassed: false, loginCheckCompleted: true });
}
