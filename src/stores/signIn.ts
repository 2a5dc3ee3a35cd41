/**
 * Signing in (spec §4 Sign-in, §5, §8) and the return address, shared by the account panel and
 * /account/login. `signInForm`: step 'credentials' | 'newPassword', status 'idle' | 'submitting' |
 * 'failed' with the login call's own message. Actions `submitSignIn` (username lower-cased),
 * `submitNewPassword`, `restartSignIn`, `followReturnAddress`: after a sign-in the stored return
 * address (src/stores/returnTo) is followed once, the identity token added only by the API's
 * redirect (POST /api/auth/return-token), so script never holds a token.
 */
import { map } from 'nanostores';
import { LOGGED_IN_MESSAGE } from '../accounts/rules/loginCheck';
import { normaliseUsername, type LoginOutcome, type SessionUser } from '../accounts/rules/loginResponse';
import { goWithReturnToken, logIn, setNewPassword } from '../accounts/browser/accountsClient';
import { showAccountNotification } from './notifications';
import { allowedReturn, siteOrigin, takeStoredReturn } from './returnTo';
import { signedIn } from './session';
import { closeAccountPanel } from './ui';

export interface SignInFormState {
  step: 'credentials' | 'newPassword';
  status: 'idle' | 'submitting' | 'failed';
  /** The message shown in the error paragraph; '' unless status is 'failed'. */
  message: string;
}

const INITIAL: SignInFormState = { step: 'credentials', status: 'idle', message: '' };

export const signInForm = map<SignInFormState>({ ...INITIAL });

/**
 * Follows the stored return address once (spec §4: redirect there and clear it and the suppress
 * flag): only to an allow-listed host; with the identity token (built by the API) only when not
 * suppressed and the host is not the site's own. Resolves to whether the browser is leaving.
 */
export async function followReturnAddress(): Promise<boolean> {
  const stored = takeStoredReturn();
  if (stored === null) return false;
  const { target } = stored;
  if (stored.suppressToken || new URL(target).origin === siteOrigin()) {
    location.assign(target);
    return true;
  }
  goWithReturnToken(target);
  return true;
}

/** Options of a sign-in: the after-login route (a site path from the site settings), if any. */
export interface SignInOptions {
  afterLogin?: string | undefined;
}

async function finish(outcome: LoginOutcome, options: SignInOptions): Promise<void> {
  if (outcome.kind === 'passwordChangeRequired') {
    signInForm.set({ step: 'newPassword', status: 'idle', message: '' });
    return;
  }
  if (outcome.kind === 'failed') {
    signInForm.set({ ...signInForm.get(), status: 'failed', message: outcome.message });
    return;
  }
  await completeSignIn(outcome.user, options);
}

async function completeSignIn(account: SessionUser, options: SignInOptions): Promise<void> {
  signedIn(account);
  signInForm.set({ ...INITIAL });
  closeAccountPanel();
  showAccountNotification(LOGGED_IN_MESSAGE);
  if (await followReturnAddress()) return;
  const after = options.afterLogin ? allowedReturn(options.afterLogin) : null;
  if (after !== null && new URL(after).origin === siteOrigin()) location.assign(after);
}

/** Signs in with a username (lower-cased, spec §5) and password through the platform API. */
export async function submitSignIn(credentials: { username: string; password: string }, options: SignInOptions = {}): Promise<void> {
  if (signInForm.get().status === 'submitting') return;
  signInForm.set({ step: 'credentials', status: 'submitting', message: '' });
  await finish(await logIn({ username: normaliseUsername(credentials.username), password: credentials.password }), options);
}

/** Answers the new-password challenge (spec §5) and, on success, signs in. */
export async function submitNewPassword(newPassword: string, options: SignInOptions = {}): Promise<void> {
  if (signInForm.get().status === 'submitting') return;
  signInForm.set({ step: 'newPassword', status: 'submitting', message: '' });
  await finish(await setNewPassword({ newPassword }), options);
}

/** Back to the username and password (leaving the new-password step). */
export function restartSignIn(): void {
  signInForm.set({ ...INITIAL });
}
