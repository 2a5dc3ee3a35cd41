/**
 * When the login check runs (spec §4 Login check): at start and on each route change, unless a
 * login or logout success flag is in the query; `loginSuccess=true` re-checks and shows
 * 'Logged In', `logoutSuccess=true` clears the user's data and shows 'Logged Out'. Pure: the
 * page's query string in, the step to take out; plus the address without the flags, so a reload
 * does not announce the same sign-in twice.
 */

/** Account notification after a sign-in (spec §4). */
export const LOGGED_IN_MESSAGE = 'Logged In';
/** Account notification after a sign-out (spec §4). */
export const LOGGED_OUT_MESSAGE = 'Logged Out';

/** The query flags of spec §4. */
export const LOGIN_QUERY_FLAGS = ['loginSuccess', 'logoutSuccess'] as const;

/**
 * - 'check': the ordinary login check;
 * - 'loginSuccess' / 'logoutSuccess': the flag is `true`;
 * - 'none': a flag is present with another value — no check runs (spec: "unless … in the query").
 */
export type LoginCheckStep = 'check' | 'loginSuccess' | 'logoutSuccess' | 'none';

/** The step for a page whose query string is `search` ('?a=1' or 'a=1'). */
export function loginCheckStep(search: string): LoginCheckStep {
  const query = new URLSearchParams(search);
  if (query.get('loginSuccess') === 'true') return 'loginSuccess';
  if (query.get('logoutSuccess') === 'true') return 'logoutSuccess';
  return LOGIN_QUERY_FLAGS.some((flag) => query.has(flag)) ? 'none' : 'check';
}

/**
 * `href` (path, query and hash, or a full URL) without the login and logout flags, or null when it
 * has neither. Other parameters and the hash are kept in order.
 */
export function withoutLoginFlags(href: string): string | null {
  const url = new URL(href, 'http://site.invalid');
  if (!LOGIN_QUERY_FLAGS.some((flag) => url.searchParams.has(flag))) return null;
  for (const flag of LOGIN_QUERY_FLAGS) url.searchParams.delete(flag);
  const rest = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === 'http://site.invalid' ? rest : `${url.origin}${rest}`;
}

/**
 * Whether a failed login check's answer says this browser has no session, so its signed-in
 * marker is forgotten: the API answered (any 4xx, or a 2xx whose JSON has an unexpected shape). A
 * request that never came back whole (status 0: offline, or aborted because the page is being left
 * or reloaded, before or during the answer's body; src/platform/client readAnswerJson) or a
 * 5xx says nothing about the session: the user is shown signed out for now (spec §4 "On failure"),
 * but the marker stays and the next page asks again. Otherwise a reload during the check would
 * leave the user looking signed out until they signed in again.
 */
export function provesSignedOut(status: number): boolean {
  return status !== 0 && status < 500;
}
