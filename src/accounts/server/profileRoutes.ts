/**
 * The signed-in supporter's own account (spec §4, §5): POST /api/auth/change-password (ends every
 * other session), POST /api/auth/profile ({ displayName } → message and user), and POST
 * /api/auth/return-token (a top-level form navigation, else 403 navigation_required → 303 to the
 * allow-listed return address, with the identity token only for a listed host other than the site's;
 * 400 return_not_allowed). Errors: 401 no_active_user 'No active user' signed out; 401
 * token_expired with the same message when the session needs a refresh.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { configuredOrigins } from '../../platform/env.ts';
import { limitBody } from '../../platform/http/bodyLimit.ts';
import { requireSameOrigin } from '../../platform/http/csrf.ts';
import { requireMediaType } from '../../platform/http/mediaType.ts';
import { demoPasswordsAllowed, isDemoPassword } from '../rules/demoPasswords.ts';
import { allowedReturnAddress, returnHosts } from '../rules/returnAddress.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { ApiError, errorResponses } from '../../platform/http/errors.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { endSessionsBefore } from '../../platform/storage/sessions.ts';
import { upsertUserBySub } from '../../platform/storage/users.ts';
import { clearAttempts, takeAttempt } from './attempts.ts';
import { classifyIdentityError } from './cognito.ts';
import {
  MAX_ACCOUNT_BODY_BYTES,
  displayNameField,
  identityFailure,
  jsonCallGuards,
  NO_ACTIVE_USER_MESSAGE,
  passwordField,
  newPasswordField,
  sessionUserSchema,
} from './http.ts';
import { cookieJar } from './cookies.ts';
import { endSession, readSession, sessionUserOf, signedInAtOf, startSession } from './signedInSession.ts';

/** The query parameter carrying the identity token to an allow-listed return address (spec §4). */
export const RETURN_TOKEN_PARAM = 'token';

/** Spec §5 success texts. */
export const PASSWORD_UPDATED_MESSAGE = 'Your password has been successfully updated';
export const DETAILS_UPDATED_MESSAGE = 'Your details have been successfully updated';

const json = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });

/** Origin, form media type and size guards of a form navigation that changes nothing but where the browser goes. */
const formCallGuards = (deps: PlatformDeps) =>
  [
    requireSameOrigin({ allowedOrigins: configuredOrigins(deps.env) }),
    requireMediaType('application/x-www-form-urlencoded'),
    limitBody(MAX_ACCOUNT_BODY_BYTES),
  ] as const;

/** Refuses anything but a top-level navigation (a fetch from page script could read where it leads). */
const requireNavigation: MiddlewareHandler<PlatformHonoEnv> = async (c, next) => {
  if (c.req.header('sec-fetch-mode') !== 'navigate') {
    throw new ApiError(403, 'navigation_required', 'This address is only followed by the browser itself');
  }
  await next();
};

/** The session of a call that needs an active user (see the file header). */
const activeSession = (c: Context<PlatformHonoEnv>, deps: PlatformDeps) =>
  readSession(c, deps, { signedOutCode: 'no_active_user', signedOutMessage: NO_ACTIVE_USER_MESSAGE, expiredMessage: NO_ACTIVE_USER_MESSAGE });

/** The name a signed-in account's attempts are counted under (as attempts.ts attemptAccount). */
const attemptName = (user: { email: string; cognitoSub: string }) => user.email.toLowerCase() || user.cognitoSub;

/**
 * After a password change: Cognito's AdminUserGlobalSignOut (best effort), a fresh sign-in of this
 * browser with the new password, and sessions_valid_after at that sign-in's time (Cognito's clock,
 * the one every session's auth_time comes from; the platform's when the sign-in fails, and this
 * browser then signs in again by hand).
 */
async function endOtherSessions(
  c: Context<PlatformHonoEnv>,
  deps: PlatformDeps,
  user: { id: string; email: string },
  cognitoUsername: string,
  newPassword: string,
): Promise<void> {
  const log = (what: string) => (error: unknown) =>
    deps.logger.warn(what, { requestId: c.get('requestId'), error: error instanceof Error ? error.message : String(error) });
  await Promise.resolve()
    .then(() => deps.identity.adminGlobalSignOut(cognitoUsername))
    .catch(log('global sign-out after a password change failed'));
  const fresh = await Promise.resolve()
    .then(() => deps.identity.signIn(user.email, newPassword))
    .catch((error: unknown) => log('sign-in after a password change failed')(error));
  const tokens = fresh?.kind === 'tokens' ? fresh.tokens : undefined;
  const signedInAt = tokens ? await deps.tokens.verifyIdToken(tokens.idToken).then(signedInAtOf, () => undefined) : undefined;
  await endSessionsBefore(await deps.db.get(), user.id, signedInAt ?? deps.clock.now());
  if (tokens && signedInAt) await startSession(c, deps, tokens);
  else endSession(cookieJar(c, deps.env.COOKIE_SECURE));
}

/** The profile router (mounted at /api by createPlatformApp). */
export function createProfileRouter(deps: PlatformDeps) {
  const guards = jsonCallGuards(deps);
  const demoAllowed = demoPasswordsAllowed({ nodeEnv: deps.env.NODE_ENV, cognitoEndpoint: deps.env.COGNITO_ENDPOINT });

  const changePassword = createRoute({
    method: 'post',
    path: '/auth/change-password',
    tags: ['accounts'],
    summary: "Change the signed-in supporter's password",
    middleware: guards,
    request: json(z.object({ previousPassword: passwordField, proposedPassword: newPasswordField }).openapi('ChangePasswordRequest')),
    responses: {
      200: { description: 'Changed', content: { 'application/json': { schema: z.object({ message: z.string() }) } } },
      ...errorResponses(400, 401, 403, 413, 415, 429),
    },
  });

  const profile = createRoute({
    method: 'post',
    path: '/auth/profile',
    tags: ['accounts'],
    summary: "Update the signed-in supporter's details (display name)",
    middleware: guards,
    request: json(z.object({ displayName: displayNameField }).openapi('ProfileRequest')),
    responses: {
      200: { description: 'Updated', content: { 'application/json': { schema: z.object({ message: z.string(), user: sessionUserSchema }) } } },
      ...errorResponses(400, 401, 403, 413, 415),
    },
  });

  const returnToken = createRoute({
    method: 'post',
    path: '/auth/return-token',
    tags: ['accounts'],
    summary: 'Go to the allow-listed return address (a partner host gets the identity token); a form navigation only',
    middleware: [...formCallGuards(deps), requireNavigation] as const,
    request: {
      body: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: z.object({ returnTo: z.string().min(1).max(2048) }).openapi('ReturnTokenRequest') } },
      },
    },
    responses: {
      303: { description: 'To the return address (with `token=<id token>` for a listed partner host only)' },
      ...errorResponses(400, 401, 403, 413, 415),
    },
  });

  return createRouter()
    .openapi(changePassword, async (c) => {
      const body = c.req.valid('json');
      const session = await activeSession(c, deps);
      await takeAttempt(c, deps, 'sign-in', attemptName(session.user));
      if (!demoAllowed && isDemoPassword(body.proposedPassword)) {
        throw new ApiError(400, 'invalid_password', 'This password is published and cannot be used', {
          fields: [{ path: 'proposedPassword', message: 'Choose another password' }],
        });
      }
      try {
        await deps.identity.changePassword(session.accessToken, body.previousPassword, body.proposedPassword);
      } catch (error) {
        const failure = classifyIdentityError(error);
        // A wrong current password: Cognito says NotAuthorized; cognito-local InvalidPassword
        // 'Invalid password' (Cognito's own InvalidPassword is a policy text about the new one).
        const policyText = /^Password (did not|does not) conform/i.test(failure.message);
        if (failure.kind === 'invalid_credentials' || (failure.kind === 'invalid_password' && !policyText)) {
          throw new ApiError(400, 'incorrect_password', 'Your current password is not correct', {
            fields: [{ path: 'previousPassword', message: 'Incorrect password' }],
          });
        }
        throw identityFailure(error, deps, { field: 'proposedPassword', requestId: c.get('requestId') });
      }
      await endOtherSessions(c, deps, session.user, session.accessClaims.username ?? session.user.cognitoSub, body.proposedPassword);
      await clearAttempts(c, deps, 'sign-in', attemptName(session.user));
      return c.json({ message: PASSWORD_UPDATED_MESSAGE }, 200);
    })
    .openapi(profile, async (c) => {
      const { displayName } = c.req.valid('json');
      const session = await activeSession(c, deps);
      try {
        await deps.identity.updateAttributes(session.accessToken, { name: displayName });
      } catch (error) {
        throw identityFailure(error, deps, { requestId: c.get('requestId') });
      }
      const user = await upsertUserBySub(await deps.db.get(), { sub: session.user.cognitoSub, email: session.user.email, displayName }, deps.clock.now());
      return c.json({ message: DETAILS_UPDATED_MESSAGE, user: sessionUserOf(user) }, 200);
    })
    .openapi(returnToken, async (c) => {
      const body = c.req.valid('form');
      const session = await readSession(c, deps);
      const origin = new URL(c.req.url).origin;
      const address = allowedReturnAddress(body.returnTo, { siteOrigin: origin, hosts: returnHosts(deps.env.RETURN_HOSTS, origin) });
      if (!address) {
        throw new ApiError(400, 'return_not_allowed', 'That return address is not allowed', {
          fields: [{ path: 'returnTo', message: 'Not an allowed return address' }],
        });
      }
      const url = new URL(address);
      if (url.origin !== origin) url.searchParams.set(RETURN_TOKEN_PARAM, session.idToken);
      return c.redirect(url.toString(), 303);
    });
}
