/**
 * The signed-in session (issue 12 item 4; accounts contract "Session user shape"): turning
 * Cognito's tokens into cookies and our user row, and reading them back on every request.
 *
 * - `startSession(…)`: after any sign-in (password, new password, hosted, refresh) — verifies the
 *   tokens Cognito just issued (signature, issuer, audience, token_use, expiry), upserts the user
 *   by Cognito `sub` with e-mail and display name, refuses a blocked account (403 account_blocked;
 *   the new refresh token is revoked), sets the cookies, and returns the SessionUser.
 * - `readSession(…)`: for GET /api/authenticated and every route that needs the signed-in supporter —
 *   verifies the id and access token cookies locally (no Cognito call), loads the user row; 401
 *   not_signed_in, or token_expired when a refresh is possible; 503 identity_unavailable (Retry-After)
 *   when the pool's keys cannot be fetched (a cold instance while Cognito is down), never a 401.
 * - `endSession(…)`: clears every session cookie.
 */
import type { Context } from 'hono';
import type { PlatformDeps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { PlatformHonoEnv } from '../http/types.ts';
import { getUserBySub, upsertUserBySub, type User } from '../storage/users.ts';
import type { IdentityTokens } from './cognito.ts';
import { cookieJar, REFRESH_COOKIE_MAX_AGE, secondsUntil, type CookieJar } from './cookies.ts';
import { IDENTITY_UNAVAILABLE_MESSAGE } from './http.ts';
import { TokenError, type AccessClaims, type IdClaims } from './tokens.ts';
import type { SessionUser } from '../../lib/loginResponse.ts';

/** The signed-in user as the site sees it: one shape for the API and the browser (src/lib/loginResponse). */
export type { SessionUser };

/** A verified session: the user row, its SessionUser, and the tokens from the cookies. */
export interface Session {
  user: User;
  sessionUser: SessionUser;
  idToken: string;
  accessToken: string;
  idClaims: IdClaims;
  accessClaims: AccessClaims;
}

/** The message of 403 account_blocked (spec §8 Access errors 'Blocked'). */
export const ACCOUNT_BLOCKED_MESSAGE = 'Your account has been blocked by an administrator';

/** The display name to keep: the token's `name`, else what we knew, else the e-mail's local part. */
function displayNameOf(claims: IdClaims, known: string | null | undefined, email: string): string {
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  if (name) return name.slice(0, 100);
  if (known) return known;
  return email.split('@')[0] ?? email;
}

/** The SessionUser of a user row. */
export function sessionUserOf(user: User): SessionUser {
  return {
    userID: user.id,
    ssoID: user.cognitoSub,
    email: user.email,
    userDisplayName: user.displayName ?? user.email.split('@')[0] ?? '',
    bypassed: user.bypassed,
  };
}

/**
 * Starts a session from fresh Cognito tokens (see the file header). With `lookUpName`, an id token
 * without a `name` claim (cognito-local's) is completed with GetUser — at sign-in only, never on
 * the hot paths. `keepRefreshToken` is the refresh token still in use when Cognito did not rotate it.
 * @throws {ApiError} 403 account_blocked; 503 identity_unavailable when the tokens do not verify
 *   (Cognito answered with something that is not its own token).
 */
export async function startSession(
  c: Context<PlatformHonoEnv>,
  deps: PlatformDeps,
  tokens: IdentityTokens,
  options: { lookUpName?: boolean; keepRefreshToken?: string } = {},
): Promise<SessionUser> {
  let idClaims: IdClaims;
  let accessClaims: AccessClaims;
  try {
    [idClaims, accessClaims] = await Promise.all([deps.tokens.verifyIdToken(tokens.idToken), deps.tokens.verifyAccessToken(tokens.accessToken)]);
  } catch (error) {
    deps.logger.error('identity tokens did not verify', { requestId: c.get('requestId'), error: error instanceof Error ? error.message : String(error) });
    throw new ApiError(503, 'identity_unavailable', 'There was a problem logging in. Please try again in a few minutes', { cause: error });
  }
  if (idClaims.sub !== accessClaims.sub) throw new ApiError(503, 'identity_unavailable', 'There was a problem logging in. Please try again in a few minutes');
  const db = await deps.db.get();
  const now = deps.clock.now();
  const known = await getUserBySub(db, idClaims.sub);
  const email = (typeof idClaims.email === 'string' && idClaims.email) || known?.email || '';
  let looked: string | undefined;
  if (options.lookUpName && !(typeof idClaims.name === 'string' && idClaims.name.trim())) {
    looked = (await deps.identity.getUserAttributes(tokens.accessToken).catch(() => ({}) as Record<string, string>)).name?.trim() || undefined;
  }
  const displayName = looked?.slice(0, 100) ?? displayNameOf(idClaims, known?.displayName, email);
  const user = await upsertUserBySub(db, { sub: idClaims.sub, email, displayName }, now);
  const jar = cookieJar(c, deps.env.COOKIE_SECURE);
  if (user.blocked) {
    const refresh = tokens.refreshToken ?? options.keepRefreshToken;
    if (refresh) await deps.identity.revokeRefreshToken(refresh).catch(() => undefined);
    endSession(jar);
    throw new ApiError(403, 'account_blocked', ACCOUNT_BLOCKED_MESSAGE);
  }
  jar.set('id', tokens.idToken, secondsUntil(idClaims.exp, now));
  jar.set('access', tokens.accessToken, secondsUntil(accessClaims.exp, now));
  const refresh = tokens.refreshToken ?? options.keepRefreshToken;
  if (refresh) {
    jar.set('refresh', refresh, REFRESH_COOKIE_MAX_AGE);
    jar.set('session', '1', REFRESH_COOKIE_MAX_AGE);
  }
  return sessionUserOf(user);
}

/** Clears every session cookie (id, access, refresh, session marker, challenge). */
export function endSession(jar: CookieJar): void {
  for (const cookie of ['id', 'access', 'refresh', 'session', 'challenge'] as const) jar.clear(cookie);
}

/**
 * The verified session of this request, or a 401: `token_expired` when the tokens are missing or
 * expired but the session marker says a refresh token exists, else `signedOutCode` (default
 * not_signed_in) with `signedOutMessage`. A blocked user is 403 account_blocked (cookies cleared).
 * 503 identity_unavailable when the JWKS cannot be fetched (cookies kept). Never calls Cognito
 * beyond that cached key fetch.
 */
export async function readSession(
  c: Context<PlatformHonoEnv>,
  deps: PlatformDeps,
  options: { signedOutCode?: string; signedOutMessage?: string; expiredMessage?: string } = {},
): Promise<Session> {
  const jar = cookieJar(c, deps.env.COOKIE_SECURE);
  const signedOut = () => new ApiError(401, options.signedOutCode ?? 'not_signed_in', options.signedOutMessage ?? 'You are not signed in');
  const expired = () => new ApiError(401, 'token_expired', options.expiredMessage ?? 'Your session has expired; refresh it');
  const idToken = jar.get('id');
  const accessToken = jar.get('access');
  const refreshable = jar.get('session') === '1';
  if (!idToken || !accessToken) throw refreshable ? expired() : signedOut();
  let idClaims: IdClaims;
  let accessClaims: AccessClaims;
  try {
    [idClaims, accessClaims] = await Promise.all([deps.tokens.verifyIdToken(idToken), deps.tokens.verifyAccessToken(accessToken)]);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired' && refreshable) throw expired();
    // The keys cannot be fetched (Cognito down, a cold instance): nothing is known, so not "signed out".
    if (error instanceof TokenError && error.reason === 'unavailable') {
      deps.logger.warn('token keys unavailable', { requestId: c.get('requestId'), error: error.cause instanceof Error ? error.cause.message : error.message });
      throw new ApiError(503, 'identity_unavailable', IDENTITY_UNAVAILABLE_MESSAGE, { headers: { 'Retry-After': '30' }, cause: error });
    }
    throw signedOut();
  }
  if (idClaims.sub !== accessClaims.sub) throw signedOut();
  const db = await deps.db.get();
  const user =
    (await getUserBySub(db, idClaims.sub)) ??
    (await upsertUserBySub(
      db,
      {
        sub: idClaims.sub,
        email: typeof idClaims.email === 'string' ? idClaims.email : '',
        displayName: displayNameOf(idClaims, null, String(idClaims.email ?? '')),
      },
      deps.clock.now(),
    ));
  if (user.blocked) {
    endSession(jar);
    throw new ApiError(403, 'account_blocked', ACCOUNT_BLOCKED_MESSAGE);
  }
  return { user, sessionUser: sessionUserOf(user), idToken, accessToken, idClaims, accessClaims };
}
