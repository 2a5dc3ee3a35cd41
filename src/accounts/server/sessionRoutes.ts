/**
 * The sign-on session endpoints of spec §7: GET /api/authenticated (200 { user } | 401
 * not_signed_in / token_expired | 403 account_blocked; cookies verified locally, no Cognito call),
 * GET /api/refresh (200 + new cookies | 401 | 409 refresh_in_progress | 429 REFRESH_RATE_LIMIT |
 * 503), DELETE /api/refresh (204, revokes the refresh token) and POST /api/sign_out (204, cookies
 * cleared). Two tabs refreshing at once: the first takes a guard keyed by the token's SHA-256
 * (REFRESH_GUARD_MS, in Postgres), the second answers 409 and retries with the fresh cookies.
 */
import { createHash } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import type { PlatformDeps } from '../../platform/deps.ts';
import { ApiError, errorResponse, errorResponses } from '../../platform/http/errors.ts';
import { rateLimit, type RateLimitPolicy } from '../../platform/http/rateLimit.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { incrementRateLimit } from '../../platform/storage/rateLimits.ts';
import { forgetRefreshSession, getRefreshSession } from '../../platform/storage/sessions.ts';
import { cookieJar } from './cookies.ts';
import { identityFailure, originGuard, userAnswerSchema } from './http.ts';
import { endSession, readSession, SESSION_EXPIRED_MESSAGE, startSession } from './signedInSession.ts';

/** How long (ms) a refresh token's refresh holds off a second, simultaneous one. */
export const REFRESH_GUARD_MS = 10_000;

/**
 * Failed refreshes per client address per minute, counted before the cookie is read and Cognito
 * asked; a successful refresh gives its count back, so supporters sharing an address never use it up.
 */
export const REFRESH_RATE_LIMIT: RateLimitPolicy = { limit: 30, windowMs: 60_000, failuresOnly: true };

/** The session router (mounted at /api by createPlatformApp). */
export function createSessionRouter(deps: PlatformDeps) {
  const authenticated = createRoute({
    method: 'get',
    path: '/authenticated',
    tags: ['accounts'],
    summary: 'Who is signed in (verifies the session cookies locally)',
    responses: {
      200: { description: 'Signed in', content: { 'application/json': { schema: userAnswerSchema } } },
      ...errorResponses(401, 403),
    },
  });

  const refresh = createRoute({
    method: 'get',
    path: '/refresh',
    tags: ['accounts'],
    summary: 'New id and access tokens from the refresh-token cookie',
    middleware: [rateLimit('refresh', REFRESH_RATE_LIMIT, deps.rateLimitStore('refresh'), () => deps.clock.now())] as const,
    responses: {
      200: { description: 'Refreshed (new cookies set)', content: { 'application/json': { schema: userAnswerSchema } } },
      ...errorResponses(401, 403, 429),
      409: { description: 'Another tab is refreshing this session (`refresh_in_progress`): ask /api/authenticated again shortly' },
      503: { description: 'The identity service cannot be reached (`identity_unavailable`); the session is kept' },
    },
  });

  const revoke = createRoute({
    method: 'delete',
    path: '/refresh',
    tags: ['accounts'],
    summary: 'Revoke the refresh token (first half of signing out)',
    middleware: [originGuard(deps)] as const,
    responses: { 204: { description: 'Revoked and cleared' }, ...errorResponses(403) },
  });

  const signOut = createRoute({
    method: 'post',
    path: '/sign_out',
    tags: ['accounts'],
    summary: 'Sign out: GlobalSignOut and clear the session cookies',
    middleware: [originGuard(deps)] as const,
    responses: { 204: { description: 'Signed out' }, ...errorResponses(403) },
  });

  return createRouter()
    .openapi(authenticated, async (c) => {
      const session = await readSession(c, deps);
      return c.json({ user: session.sessionUser }, 200);
    })
    .openapi(refresh, async (c) => {
      const jar = cookieJar(c, deps.env.COOKIE_SECURE);
      const refreshToken = jar.get('refresh');
      if (!refreshToken) {
        jar.clear('session');
        return errorResponse(c, new ApiError(401, 'not_signed_in', 'You are not signed in'));
      }
      const guard = await incrementRateLimit(await deps.db.get(), {
        limiter: 'refresh-guard',
        key: createHash('sha256').update(refreshToken).digest('base64url'),
        windowMs: REFRESH_GUARD_MS,
        now: deps.clock.now(),
      });
      if (guard.totalHits > 1) {
        throw new ApiError(409, 'refresh_in_progress', 'Your session is being refreshed; please try again', { headers: { 'Retry-After': '1' } });
      }
      const refreshedFrom = await getRefreshSession(await deps.db.get(), refreshToken);
      let tokens;
      try {
        tokens = await deps.identity.refresh(refreshToken, refreshedFrom ? { clientId: refreshedFrom.clientId, username: refreshedFrom.cognitoUsername } : {});
      } catch (error) {
        const failure = identityFailure(error, deps, { requestId: c.get('requestId') });
        if (failure.status >= 500 || failure.status === 429) throw failure;
        endSession(jar);
        await forgetRefreshSession(await deps.db.get(), refreshToken);
        return errorResponse(c, new ApiError(401, 'session_expired', SESSION_EXPIRED_MESSAGE));
      }
      const user = await startSession(c, deps, tokens, { keepRefreshToken: refreshToken, refreshedFrom });
      return c.json({ user }, 200);
    })
    .openapi(revoke, async (c) => {
      const jar = cookieJar(c, deps.env.COOKIE_SECURE);
      const refreshToken = jar.get('refresh');
      if (refreshToken) {
        const issued = await getRefreshSession(await deps.db.get(), refreshToken);
        await deps.identity.revokeRefreshToken(refreshToken, issued?.clientId).catch((error: unknown) => {
          deps.logger.warn('refresh token not revoked', { requestId: c.get('requestId'), error: error instanceof Error ? error.message : String(error) });
        });
        await forgetRefreshSession(await deps.db.get(), refreshToken);
      }
      jar.clear('refresh');
      jar.clear('session');
      return c.body(null, 204);
    })
    .openapi(signOut, async (c) => {
      const jar = cookieJar(c, deps.env.COOKIE_SECURE);
      const accessToken = jar.get('access');
      if (accessToken) {
        const verified = await deps.tokens.verifyAccessToken(accessToken).then(
          () => true,
          () => false,
        );
        if (verified) {
          await deps.identity.globalSignOut(accessToken).catch((error: unknown) => {
            deps.logger.warn('global sign-out failed', { requestId: c.get('requestId'), error: error instanceof Error ? error.message : String(error) });
          });
        }
      }
      endSession(jar);
      return c.body(null, 204);
    });
}
