/**
 * The signed-in session: Cognito's tokens into cookies and our user row, and back on every request.
 * `startSession(…)` verifies fresh tokens, upserts the user by `sub`, refuses a blocked account (403
 * account_blocked) and sets the cookies; `readSession(…)` verifies the cookies locally and loads the
 * user (401 not_signed_in / token_expired; 503 identity_unavailable when the JWKS cannot be fetched);
 * its halves `verifySessionTokens` and `admitAccount` serve the heartbeat; `endSession(…)` clears
 * the cookies. A sign-in older than the account's `sessions_valid_after` is over (401).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { cleanDisplayName, hasUnsafeText } from '../../lib/displayText.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { forgetRefreshSession, recordRefreshSession, sessionEnded, type RefreshSession } from '../../platform/storage/sessions.ts';
import { getUserBySub, upsertUserBySub, type User } from '../../platform/storage/users.ts';
import type { IdentityTokens } from './cognito.ts';
import { cookieJar, REFRESH_COOKIE_MAX_AGE, secondsUntil, type CookieJar } from './cookies.ts';
import { IDENTITY_UNAVAILABLE_MESSAGE } from './http.ts';
import { TokenError, type AccessClaims, type IdClaims } from './cognitoTokens.ts';
import type { SessionUser } from '../rules/loginResponse.ts';

/** The signed-in user as the site sees it: one shape for the API and the browser (src/accounts/rules/loginResponse). */
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

/** The display name to keep (src/lib/displayText cleaned): the token's `name`, else what we knew, else the e-mail's local part. */
function displayNameOf(claims: IdClaims, known: string | null | undefined, email: string): string {
  const name = typeof claims.name === 'string' ? cleanDisplayName(claims.name) : '';
  if (name) return name;
  const kept = known ? cleanDisplayName(known) : '';
  if (kept) return kept;
  return cleanDisplayName(email.split('@')[0] ?? email);
}

/**
 * The e-mail to keep. The token's when it says `email_verified: true`; an unverified one never
 * replaces an e-mail already known (an address changed straight at Cognito is not trusted until
 * verified). A new account: a federated one (the token has `identities`) gets none (''), a pool
 * account its sign-in address (the pool's usernames are e-mails; cognito-local leaves it unverified).
 */
export function verifiedEmailOf(claims: IdClaims, known: string | null | undefined): string {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const plain = email.length <= 254 && !hasUnsafeText(email) && z.email().safeParse(email).success;
  if (!plain) return known ?? '';
  if (claims.email_verified === true || claims.email_verified === 'true') return email;
  if (known !== null && known !== undefined) return known;
  const federated = Array.isArray(claims.identities) && claims.identities.length > 0;
  return federated ? '' : email;
}

/** When the sign-in behind these claims happened: `auth_time`, else `iat`; undefined when neither is there. */
export function signedInAtOf(claims: { auth_time?: unknown; iat?: unknown }): Date | undefined {
  const seconds = typeof claims.auth_time === 'number' ? claims.auth_time : typeof claims.iat === 'number' ? claims.iat : undefined;
  return seconds === undefined ? undefined : new Date(seconds * 1000);
}

/** The message of 401 session_expired. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has ended; please sign in again';

/** The SessionUser of a user row. */
export function sessionUserOf(user: User): SessionUser {
  return {
    userID: user.id,
    ssoID: user.cognitoSub,
    email: user.email,
    userDisplayName: cleanDisplayName(user.displayName ?? '') || cleanDisplayName(user.email.split('@')[0] ?? ''),
    bypassed: user.bypassed,
  };
}

/**
 * Starts a session from fresh Cognito tokens (see the file header). With `lookUpName`, an id token
 * without a `name` claim (cognito-local's) is completed with GetUser — at sign-in only, never on
 * the hot paths. `keepRefreshToken` is the refresh token still in use when Cognito did not rotate it;
 * `refreshedFrom` (on a refresh) is its recorded row: the session's sign-in time comes from it, and
 * without it an account whose sessions were ended refuses the refresh.
 * @throws {ApiError} 403 account_blocked; 401 session_expired when the account's sessions were
 *   ended after this session signed in; 503 identity_unavailable when the tokens do not verify
 *   (Cognito answered with something that is not its own token).
 */
export async function startSession(
  c: Context<PlatformHonoEnv>,
  deps: PlatformDeps,
  tokens: IdentityTokens,
  options: { lookUpName?: boolean; keepRefreshToken?: string; refreshedFrom?: RefreshSession | null } = {},
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
  const email = verifiedEmailOf(idClaims, known?.email);
  let looked: string | undefined;
  if (options.lookUpName && !(typeof idClaims.name === 'string' && cleanDisplayName(idClaims.name))) {
    looked = cleanDisplayName((await deps.identity.getUserAttributes(tokens.accessToken).catch(() => ({}) as Record<string, string>)).name ?? '') || undefined;
  }
  const displayName = looked ?? displayNameOf(idClaims, known?.displayName, email);
  const user = await upsertUserBySub(db, { sub: idClaims.sub, email, displayName }, now);
  const jar = cookieJar(c, deps.env.COOKIE_SECURE);
  if (user.blocked) {
    const refresh = tokens.refreshToken ?? options.keepRefreshToken;
    if (refresh) await deps.identity.revokeRefreshToken(refresh, accessClaims.client_id).catch(() => undefined);
    endSession(jar);
    throw new ApiError(403, 'account_blocked', ACCOUNT_BLOCKED_MESSAGE);
  }
  const refresh = tokens.refreshToken ?? options.keepRefreshToken;
  const signedInAt = 'refreshedFrom' in options ? options.refreshedFrom?.signedInAt : signedInAtOf(idClaims);
  if (sessionEnded(signedInAt, user.sessionsValidAfter)) {
    if (refresh) {
      await deps.identity.revokeRefreshToken(refresh, accessClaims.client_id).catch(() => undefined);
      await forgetRefreshSession(db, refresh);
    }
    if (options.keepRefreshToken) await forgetRefreshSession(db, options.keepRefreshToken);
    endSession(jar);
    throw new ApiError(401, 'session_expired', SESSION_EXPIRED_MESSAGE);
  }
  jar.set('id', tokens.idToken, secondsUntil(idClaims.exp, now));
  jar.set('access', tokens.accessToken, secondsUntil(accessClaims.exp, now));
  if (refresh) {
    if (options.keepRefreshToken && tokens.refreshToken && tokens.refreshToken !== options.keepRefreshToken) {
      await forgetRefreshSession(db, options.keepRefreshToken);
    }
    await recordRefreshSession(
      db,
      {
        refreshToken: refresh,
        userId: user.id,
        cognitoUsername: accessClaims.username ?? accessClaims.sub,
        clientId: accessClaims.client_id,
        signedInAt: signedInAt ?? now,
      },
      now,
    );
    jar.set('refresh', refresh, REFRESH_COOKIE_MAX_AGE);
    jar.set('session', '1', REFRESH_COOKIE_MAX_AGE);
  }
  return sessionUserOf(user);
}

/** Clears every session cookie (id, access, refresh, session marker, challenge). */
export function endSession(jar: CookieJar): void {
  for (const cookie of ['id', 'access', 'refresh', 'session', 'challenge'] as const) jar.clear(cookie);
}

/** The session cookies' tokens, verified (no database read yet): what {@link admitAccount} then checks a user row against. */
export interface VerifiedTokens {
  jar: CookieJar;
  idToken: string;
  accessToken: string;
  idClaims: IdClaims;
  accessClaims: AccessClaims;
  /** The 401 to throw when the account turns out signed out (readSession's `signedOutCode`). */
  signedOut: () => ApiError;
}

/** What readSession's options change: the 401's code and messages. */
export interface SessionReadOptions {
  signedOutCode?: string;
  signedOutMessage?: string;
  expiredMessage?: string;
}

/**
 * The first half of readSession: the id and access token cookies, verified locally. 401
 * `token_expired` when they are missing or expired but the session marker says a refresh token
 * exists, else `signedOutCode` (default not_signed_in); 503 identity_unavailable when the JWKS
 * cannot be fetched (cookies kept).
 */
export async function verifySessionTokens(c: Context<PlatformHonoEnv>, deps: PlatformDeps, options: SessionReadOptions = {}): Promise<VerifiedTokens> {
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
  return { jar, idToken, accessToken, idClaims, accessClaims, signedOut };
}

/**
 * The second half of readSession: whether the account's row admits these verified tokens. A
 * blocked account is 403 account_blocked, a session signed in before the account's
 * `sessions_valid_after` is the 401 of `tokens.signedOut`; both clear the session cookies.
 */
export function admitAccount(tokens: VerifiedTokens, account: Pick<User, 'blocked' | 'sessionsValidAfter'>): void {
  if (account.blocked) {
    endSession(tokens.jar);
    throw new ApiError(403, 'account_blocked', ACCOUNT_BLOCKED_MESSAGE);
  }
  if (sessionEnded(signedInAtOf(tokens.idClaims), account.sessionsValidAfter)) {
    endSession(tokens.jar);
    throw tokens.signedOut();
  }
}

/** The user row of verified tokens: by Cognito `sub`, created from the id token's claims when missing. */
export async function userOfTokens(deps: PlatformDeps, tokens: VerifiedTokens): Promise<User> {
  const db = await deps.db.get();
  const { idClaims } = tokens;
  return (
    (await getUserBySub(db, idClaims.sub)) ??
    (await upsertUserBySub(
      db,
      { sub: idClaims.sub, email: verifiedEmailOf(idClaims, null), displayName: displayNameOf(idClaims, null, verifiedEmailOf(idClaims, null)) },
      deps.clock.now(),
    ))
  );
}

/**
 * The verified session of this request (verifySessionTokens, the user row, admitAccount): a 401
 * `token_expired` when the tokens are missing or expired but the session marker says a refresh
 * token exists, else `signedOutCode` (default not_signed_in) with `signedOutMessage`. A blocked
 * user is 403 account_blocked (cookies cleared). 503 identity_unavailable when the JWKS cannot be
 * fetched (cookies kept). Never calls Cognito beyond that cached key fetch.
 */
export async function readSession(c: Context<PlatformHonoEnv>, deps: PlatformDeps, options: SessionReadOptions = {}): Promise<Session> {
  const tokens = await verifySessionTokens(c, deps, options);
  const user = await userOfTokens(deps, tokens);
  admitAccount(tokens, user);
  const { idToken, accessToken, idClaims, accessClaims } = tokens;
  return { user, sessionUser: sessionUserOf(user), idToken, accessToken, idClaims, accessClaims };
}
