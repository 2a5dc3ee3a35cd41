/**
 * Reading the platform API's account answers (spec §4 Login check and Sign-in, §5, §8). Pure: a
 * parsed JSON body in, a typed value or null out. SessionUser { userID, ssoID, email,
 * userDisplayName, bypassed } of login, new-password, authenticated, refresh and profile; the login
 * answer { user } | { challenge: 'passwordChangeRequired' } | an error whose message is the only
 * text shown.
 */

/** The signed-in user as the platform API returns it (accounts contract "Session user shape"). */
export interface SessionUser {
  /** Our users.id; entitlements are accepted only for it (spec §5). */
  userID: string;
  /** The Cognito sub, shown as the Account ID. */
  ssoID: string;
  email: string;
  userDisplayName: string;
  /** 'Account Restrictions Bypassed' (spec §6). */
  bypassed: boolean;
}

/** What a sign-in call led to. */
export type LoginOutcome = { kind: 'signedIn'; user: SessionUser } | { kind: 'passwordChangeRequired' } | { kind: 'failed'; message: string };

/** Spec §8: the text shown when sign-in fails without a message of its own. */
export const LOGIN_PROBLEM_MESSAGE = 'There was a problem logging in';

/** The challenge the API answers when Cognito requires a new password (spec §5). */
export const PASSWORD_CHANGE_REQUIRED = 'passwordChangeRequired';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A SessionUser read from `value`, or null when any field is missing or of the wrong type. */
export function readSessionUser(value: unknown): SessionUser | null {
  const user = record(value);
  if (!user) return null;
  const { userID, ssoID, email, userDisplayName, bypassed } = user;
  if (typeof userID !== 'string' || userID === '' || typeof ssoID !== 'string' || ssoID === '') return null;
  if (typeof email !== 'string' || typeof userDisplayName !== 'string' || typeof bypassed !== 'boolean') return null;
  return { userID, ssoID, email, userDisplayName, bypassed };
}

/** The user of a `{ user: SessionUser }` body, or null. */
export function readUserBody(body: unknown): SessionUser | null {
  return readSessionUser(record(body)?.user);
}

/** The `error.message` of the API's error envelope, or null when the body is not one. */
export function errorMessageOf(body: unknown): string | null {
  const message = record(record(body)?.error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * Maps a sign-in answer (status and parsed body; body null when it was not JSON) to its outcome.
 * A success with an unexpected shape counts as a problem; a failure shows only its own message,
 * else LOGIN_PROBLEM_MESSAGE.
 */
export function readLoginResponse(status: number, body: unknown): LoginOutcome {
  if (status >= 200 && status < 300) {
    if (record(body)?.challenge === PASSWORD_CHANGE_REQUIRED) return { kind: 'passwordChangeRequired' };
    const user = readUserBody(body);
    return user ? { kind: 'signedIn', user } : { kind: 'failed', message: LOGIN_PROBLEM_MESSAGE };
  }
  return { kind: 'failed', message: errorMessageOf(body) ?? LOGIN_PROBLEM_MESSAGE };
}

/** Usernames are lower-cased before sign-in (spec §4 Sign-in, §5). */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}
