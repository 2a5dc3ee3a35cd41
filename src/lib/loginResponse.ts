/**
 * Reading the platform API's sign-in answer (spec §4 Login check, §5 "only the error message from
 * the login call is shown", §8 'There was a problem logging in'). Pure: status and parsed body in,
 * the signed-in user or the message to show out.
 */
export type LoginOutcome =
  | { ok: true; user: { userDisplayName: string; ssoID: string; email: string } }
  | { ok: false; message: string };

export const LOGIN_PROBLEM_MESSAGE = 'There was a problem logging in';

/** Maps a sign-in response to the outcome; any unexpected shape counts as a problem. */
export function readLoginResponse(status: number, body: unknown): LoginOutcome {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (status >= 200 && status < 300) {
    const user = record.user as Record<string, unknown> | undefined;
    if (user && typeof user.ssoID === 'string') {
      return { ok: true, user: { userDisplayName: String(user.userDisplayName ?? ''), ssoID: user.ssoID, email: String(user.email ?? '') } };
    }
    return { ok: false, message: LOGIN_PROBLEM_MESSAGE };
  }
  const error = record.error as Record<string, unknown> | undefined;
  const message = typeof record.message === 'string' ? record.message : typeof error?.message === 'string' ? error.message : LOGIN_PROBLEM_MESSAGE;
  return { ok: false, message };
}

/** Usernames are lower-cased before sign-in (spec §4 Sign-in, §5). */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}
