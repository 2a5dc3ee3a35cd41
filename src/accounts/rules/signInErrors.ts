/**
 * What the sign-in page says when a hosted sign-in (Google, Facebook, Sign in with Apple; spec §7
 * Sign-in) comes back to /account/login?error=<code>. The platform API's
 * /auth/callback/ chooses the code; the page shows the message in its red bold error paragraph
 * (spec §8 "Login failure"). Pure: shared by the API (tests) and the page.
 */

/** Every code /auth/callback/ may send, with the message the page shows. */
export const HOSTED_SIGN_IN_ERRORS = {
  invalid_state: 'Your sign-in could not be verified. Please try again',
  code_rejected: 'That sign-in link has already been used or has expired. Please sign in again',
  cancelled: 'The sign-in was cancelled',
  provider_error: 'The sign-in provider could not sign you in. Please try again',
  account_blocked: 'Your account has been blocked by an administrator',
  identity_unavailable: 'There was a problem logging in. Please try again in a few minutes',
} as const;

/** A code of {@link HOSTED_SIGN_IN_ERRORS}. */
export type HostedSignInError = keyof typeof HOSTED_SIGN_IN_ERRORS;

/** Query parameter of /account/login that carries the code. */
export const SIGN_IN_ERROR_PARAM = 'error';

/** The message for `code` (from the page's query), or null for a missing or unknown code. */
export function hostedSignInErrorMessage(code: string | null | undefined): string | null {
  return typeof code === 'string' && Object.hasOwn(HOSTED_SIGN_IN_ERRORS, code) ? HOSTED_SIGN_IN_ERRORS[code as HostedSignInError] : null;
}
