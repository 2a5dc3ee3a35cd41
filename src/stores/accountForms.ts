/**
 * The account pages' forms (/account/register, confirm, forgot-password, profile; spec §5, §7) as
 * small state machines beside their actions. `status`: idle | submitting | failed (message, fields)
 * | done (message). `registration`: details → confirm → confirmed (signs in with the password kept
 * in memory, never a store); `passwordReset`: request → reset → done; `profileUpdate` and
 * `passwordChange` ('No active user' when signed out). Calls go through
 * src/accounts/browser/accountsClient.ts.
 */
import { atom, map } from 'nanostores';
import { normaliseUsername } from '../accounts/rules/loginResponse';
import {
  changePassword,
  confirmRegistration,
  forgotPassword,
  register,
  resendCode,
  resetPassword,
  updateProfile,
  type ApiAnswer,
  type ApiFailure,
} from '../accounts/browser/accountsClient';
import { submitSignIn } from './signIn';
import { setUserData, user } from './user';

/** A form's state. `fields` maps a field name ('email', 'code' …) to its message. */
export type FormStatus =
  { state: 'idle' } | { state: 'submitting' } | { state: 'failed'; message: string; fields: Record<string, string> } | { state: 'done'; message: string };

const IDLE: FormStatus = { state: 'idle' };

/** Shown when a call could not be made or answered in an unexpected way. */
export const ACCOUNT_PROBLEM_MESSAGE = 'Something went wrong. Please try again in a few minutes';

/** The failed state for an API failure: its envelope's message, and its fields by their last path segment. */
export function failedStatus(failure: ApiFailure): FormStatus {
  const fields: Record<string, string> = {};
  for (const issue of failure.fields ?? []) {
    const name = issue.path.split('.').pop() ?? issue.path;
    fields[name] ??= issue.message;
  }
  // No envelope (network_error, invalid_response, http_error): our own words, not a status line.
  const message = ['network_error', 'invalid_response', 'http_error'].includes(failure.code) ? ACCOUNT_PROBLEM_MESSAGE : failure.message;
  return { state: 'failed', message, fields };
}

async function run<T>(status: { get(): FormStatus; set(value: FormStatus): void }, call: () => Promise<ApiAnswer<T>>): Promise<T | null> {
  if (status.get().state === 'submitting') return null;
  status.set({ state: 'submitting' });
  const answer = await call();
  if (!answer.ok) {
    status.set(failedStatus(answer));
    return null;
  }
  return answer.data;
}

// ---------------------------------------------------------------------------
// Registration and confirmation
// ---------------------------------------------------------------------------

export interface RegistrationState {
  step: 'details' | 'confirm' | 'confirmed';
  email: string;
  status: FormStatus;
  /** Whether the confirmed fan was signed in with the password given at registration. */
  signedIn?: boolean;
}

export const registration = map<RegistrationState>({ step: 'details', email: '', status: IDLE });

/** The password typed at registration, for the sign-in once the code is confirmed; cleared then. */
let pending: { email: string; password: string } | null = null;

const registrationStatus = {
  get: () => registration.get().status,
  set: (status: FormStatus) => registration.setKey('status', status),
};

/** Registers (spec §5: sign-up always adds the e-mail attribute); success moves to the code step. */
export async function submitRegistration(details: { email: string; password: string; displayName: string }): Promise<void> {
  const email = normaliseUsername(details.email);
  const data = await run(registrationStatus, () => register({ email, password: details.password, displayName: details.displayName.trim() }));
  if (data) {
    pending = { email: data.email, password: details.password };
    registration.set({ step: 'confirm', email: data.email, status: IDLE });
  }
}

/**
 * Confirms the account with the e-mailed code; when the password of this registration is still in
 * memory, signs the fan in with it (src/stores/signIn: 'Logged In', the return address followed).
 */
export async function submitConfirmation(details: { email: string; code: string }): Promise<void> {
  const email = normaliseUsername(details.email);
  const data = await run(registrationStatus, () => confirmRegistration({ email, code: details.code.trim() }));
  if (!data) return;
  const credentials = pending !== null && pending.email === email ? pending : null;
  pending = null;
  if (credentials !== null) {
    await submitSignIn({ username: credentials.email, password: credentials.password });
  }
  registration.set({ step: 'confirmed', email, status: IDLE, signedIn: user.get().loggedIn });
}

/** Asks for another confirmation code. */
export async function resendConfirmationCode(emailAddress: string): Promise<void> {
  const email = normaliseUsername(emailAddress);
  const data = await run(registrationStatus, () => resendCode({ email }));
  if (data) registration.set({ ...registration.get(), email, status: { state: 'done', message: `We have sent a new code to ${email}` } });
}

/** Starts the confirmation step directly (the /account/confirm page), keeping a known e-mail. */
export function startConfirmation(email = ''): void {
  registration.set({ step: 'confirm', email, status: IDLE });
}

// ---------------------------------------------------------------------------
// Forgotten password
// ---------------------------------------------------------------------------

export interface PasswordResetState {
  step: 'request' | 'reset' | 'done';
  email: string;
  status: FormStatus;
}

export const passwordReset = map<PasswordResetState>({ step: 'request', email: '', status: IDLE });

const resetStatus = {
  get: () => passwordReset.get().status,
  set: (status: FormStatus) => passwordReset.setKey('status', status),
};

/** Sends a reset code (the API answers alike whether or not the account exists). */
export async function requestPasswordReset(emailAddress: string): Promise<void> {
  const email = normaliseUsername(emailAddress);
  const data = await run(resetStatus, () => forgotPassword({ email }));
  if (data) passwordReset.set({ step: 'reset', email, status: IDLE });
}

/** Sets the new password with the e-mailed code. */
export async function submitPasswordReset(details: { email: string; code: string; newPassword: string }): Promise<void> {
  const email = normaliseUsername(details.email);
  const data = await run(resetStatus, () => resetPassword({ email, code: details.code.trim(), newPassword: details.newPassword }));
  if (data) passwordReset.set({ step: 'done', email, status: IDLE });
}

/** Back to the first step (e.g. to use another e-mail address). */
export function restartPasswordReset(): void {
  passwordReset.set({ step: 'request', email: '', status: IDLE });
}

// ---------------------------------------------------------------------------
// Profile: display name and password
// ---------------------------------------------------------------------------

export const profileUpdate = atom<FormStatus>(IDLE);
export const passwordChange = atom<FormStatus>(IDLE);

/** Updates the display name (spec §5 'Your details have been successfully updated'). */
export async function submitProfile(displayName: string): Promise<void> {
  const data = await run(profileUpdate, () => updateProfile({ displayName: displayName.trim() }));
  if (!data) return;
  setUserData(data.user);
  profileUpdate.set({ state: 'done', message: data.message });
}

/** Changes the password (spec §5 'Your password has been successfully updated'). */
export async function submitPasswordChange(details: { previousPassword: string; proposedPassword: string }): Promise<void> {
  const data = await run(passwordChange, () => changePassword(details));
  if (data) passwordChange.set({ state: 'done', message: data.message });
}

/** Signing out forgets the profile forms' outcomes, so the next user starts clean. */
user.listen(({ loggedIn }) => {
  if (loggedIn) return;
  if (profileUpdate.get().state !== 'idle') profileUpdate.set(IDLE);
  if (passwordChange.get().state !== 'idle') passwordChange.set(IDLE);
});
