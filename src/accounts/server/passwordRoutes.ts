/**
 * E-mail and password accounts (spec §4 Sign-in, §5): POST /api/auth/login (200 { user } or
 * { challenge: 'passwordChangeRequired' }), new-password, register (201), confirm, resend-code (202),
 * forgot-password (202 whether or not the account exists) and reset-password (ends every session of
 * that e-mail). Every call: Origin, JSON and size guards (http.ts), zod fields (400 with `fields`),
 * attempt limits (attempts.ts, 429 with Retry-After); usernames lower-cased; the published demo
 * passwords refused outside the local emulator. Identity failures map as in http.ts identityFailure.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { demoPasswordsAllowed, isDemoPassword } from '../rules/demoPasswords.ts';
import { normaliseUsername } from '../rules/loginResponse.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { ApiError, errorResponses } from '../../platform/http/errors.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { endSessionsBefore } from '../../platform/storage/sessions.ts';
import { resolveUsers } from '../../platform/storage/users.ts';
import { attemptAccount, clearAttempts, takeAttempt } from './attempts.ts';
import { classifyIdentityError } from './cognito.ts';
import { CHALLENGE_MAX_AGE, cookieJar, decodeCookieJson, encodeCookieJson } from './cookies.ts';
import {
  codeField,
  displayNameField,
  emailField,
  identityFailure,
  INVALID_CREDENTIALS_MESSAGE,
  jsonCallGuards,
  newPasswordField,
  passwordField,
  userAnswerSchema,
} from './http.ts';
import { startSession } from './signedInSession.ts';

/** The NEW_PASSWORD_REQUIRED challenge kept in its cookie. */
const challengeCookie = z.object({ u: z.string().min(1).max(256), s: z.string().min(1).max(3000), a: z.string().min(1).max(320) });

const json = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });

/** The password-accounts router (mounted at /api by createPlatformApp). */
export function createPasswordRouter(deps: PlatformDeps) {
  const guards = jsonCallGuards(deps);
  const demoAllowed = demoPasswordsAllowed({ nodeEnv: deps.env.NODE_ENV, cognitoEndpoint: deps.env.COGNITO_ENDPOINT });
  /** Refuses a published demo password outside the local emulator (400 on `field`). */
  const refuseDemoPassword = (password: string, field: string) => {
    if (!demoAllowed && isDemoPassword(password)) {
      throw new ApiError(400, 'invalid_password', 'This password is published and cannot be used', {
        fields: [{ path: field, message: 'Choose another password' }],
      });
    }
  };

  const login = createRoute({
    method: 'post',
    path: '/auth/login',
    tags: ['accounts'],
    summary: 'Sign in with e-mail and password',
    middleware: guards,
    request: json(z.object({ username: z.string().trim().min(1, 'Enter your email address').max(254), password: passwordField }).openapi('LoginRequest')),
    responses: {
      200: {
        description: 'Signed in (session cookies set), or a new password is required',
        content: { 'application/json': { schema: z.union([userAnswerSchema, z.object({ challenge: z.literal('passwordChangeRequired') })]) } },
      },
      ...errorResponses(400, 401, 403, 413, 415, 429),
      503: { description: 'The identity service cannot be reached (`identity_unavailable`)' },
    },
  });

  const newPassword = createRoute({
    method: 'post',
    path: '/auth/new-password',
    tags: ['accounts'],
    summary: 'Set the new password Cognito requires (NEW_PASSWORD_REQUIRED)',
    middleware: guards,
    request: json(z.object({ newPassword: newPasswordField }).openapi('NewPasswordRequest')),
    responses: {
      200: { description: 'Signed in', content: { 'application/json': { schema: userAnswerSchema } } },
      ...errorResponses(400, 401, 403, 413, 415, 429),
    },
  });

  const register = createRoute({
    method: 'post',
    path: '/auth/register',
    tags: ['accounts'],
    summary: 'Create an account (a confirmation code is e-mailed)',
    middleware: guards,
    request: json(z.object({ email: emailField, password: newPasswordField, displayName: displayNameField }).openapi('RegisterRequest')),
    responses: {
      201: {
        description: 'Created; confirm with the e-mailed code',
        content: { 'application/json': { schema: z.object({ next: z.literal('confirm'), email: z.string() }) } },
      },
      ...errorResponses(400, 403, 413, 415, 429),
      409: { description: 'An account with this e-mail exists (`account_exists`)' },
    },
  });

  const confirm = createRoute({
    method: 'post',
    path: '/auth/confirm',
    tags: ['accounts'],
    summary: 'Confirm a new account with the e-mailed code',
    middleware: guards,
    request: json(z.object({ email: emailField, code: codeField }).openapi('ConfirmRequest')),
    responses: {
      200: { description: 'Confirmed', content: { 'application/json': { schema: z.object({ confirmed: z.literal(true) }) } } },
      ...errorResponses(400, 403, 413, 415, 429),
    },
  });

  const emailOnly = z.object({ email: emailField });
  const resend = createRoute({
    method: 'post',
    path: '/auth/resend-code',
    tags: ['accounts'],
    summary: 'Send the confirmation code again',
    middleware: guards,
    request: json(emailOnly.openapi('ResendCodeRequest')),
    responses: { 202: { description: 'Sent if the account exists and is unconfirmed' }, ...errorResponses(400, 403, 413, 415, 429) },
  });

  const forgot = createRoute({
    method: 'post',
    path: '/auth/forgot-password',
    tags: ['accounts'],
    summary: 'E-mail a password-reset code',
    middleware: guards,
    request: json(emailOnly.openapi('ForgotPasswordRequest')),
    responses: { 202: { description: 'Sent if the account exists (the answer is the same either way)' }, ...errorResponses(400, 403, 413, 415, 429) },
  });

  const reset = createRoute({
    method: 'post',
    path: '/auth/reset-password',
    tags: ['accounts'],
    summary: 'Set a new password with the e-mailed code',
    middleware: guards,
    request: json(z.object({ email: emailField, code: codeField, newPassword: newPasswordField }).openapi('ResetPasswordRequest')),
    responses: {
      200: { description: 'The password was reset', content: { 'application/json': { schema: z.object({ reset: z.literal(true) }) } } },
      ...errorResponses(400, 403, 413, 415, 429),
    },
  });

  return createRouter()
    .openapi(login, async (c) => {
      const body = c.req.valid('json');
      const username = normaliseUsername(body.username);
      const account = await attemptAccount(deps, username);
      await takeAttempt(c, deps, 'sign-in', account ?? username);
      // Neither an e-mail nor a known account's Cognito username: nothing to ask Cognito.
      if (!account) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      if (!demoAllowed && isDemoPassword(body.password)) throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      let result;
      try {
        result = await deps.identity.signIn(username, body.password);
      } catch (error) {
        // cognito-local answers a wrong password with InvalidPasswordException, Cognito with NotAuthorized.
        if (classifyIdentityError(error).kind === 'invalid_password') throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
        throw identityFailure(error, deps, { requestId: c.get('requestId') });
      }
      if (result.kind === 'newPasswordRequired') {
        cookieJar(c, deps.env.COOKIE_SECURE).set('challenge', encodeCookieJson({ u: result.username, s: result.session, a: account }), CHALLENGE_MAX_AGE);
        return c.json({ challenge: 'passwordChangeRequired' as const }, 200);
      }
      const user = await startSession(c, deps, result.tokens, { lookUpName: true });
      await clearAttempts(c, deps, 'sign-in', account);
      return c.json({ user }, 200);
    })
    .openapi(newPassword, async (c) => {
      const { newPassword: password } = c.req.valid('json');
      const jar = cookieJar(c, deps.env.COOKIE_SECURE);
      const challenge = challengeCookie.safeParse(decodeCookieJson(jar.get('challenge')));
      if (!challenge.success) throw new ApiError(401, 'challenge_expired', 'Your sign-in has expired; please sign in again');
      await takeAttempt(c, deps, 'sign-in', challenge.data.a);
      refuseDemoPassword(password, 'newPassword');
      let tokens;
      try {
        tokens = await deps.identity.completeNewPassword(challenge.data.u, challenge.data.s, password);
      } catch (error) {
        const failure = identityFailure(error, deps, { field: 'newPassword', requestId: c.get('requestId') });
        // An expired or used Cognito session cannot be answered again.
        if (failure.code === 'invalid_credentials') {
          jar.clear('challenge');
          throw new ApiError(401, 'challenge_expired', 'Your sign-in has expired; please sign in again');
        }
        throw failure;
      }
      jar.clear('challenge');
      const user = await startSession(c, deps, tokens, { lookUpName: true });
      await clearAttempts(c, deps, 'sign-in', challenge.data.a);
      return c.json({ user }, 200);
    })
    .openapi(register, async (c) => {
      const body = c.req.valid('json');
      await takeAttempt(c, deps, 'code', body.email);
      refuseDemoPassword(body.password, 'password');
      try {
        await deps.identity.signUp(body);
      } catch (error) {
        throw identityFailure(error, deps, { field: 'password', requestId: c.get('requestId') });
      }
      return c.json({ next: 'confirm' as const, email: body.email }, 201);
    })
    .openapi(confirm, async (c) => {
      const body = c.req.valid('json');
      await takeAttempt(c, deps, 'code', body.email);
      try {
        await deps.identity.confirmSignUp(body.email, body.code);
      } catch (error) {
        const failure = identityFailure(error, deps, { requestId: c.get('requestId') });
        // Unknown accounts get the same answer as a wrong code.
        if (failure.code === 'invalid_credentials' || failure.code === 'invalid_request') {
          throw new ApiError(400, 'invalid_code', 'That code is not valid or has expired', { fields: [{ path: 'code', message: 'Invalid or expired code' }] });
        }
        throw failure;
      }
      await clearAttempts(c, deps, 'code', body.email);
      return c.json({ confirmed: true as const }, 200);
    })
    .openapi(resend, async (c) => {
      const { email } = c.req.valid('json');
      await takeAttempt(c, deps, 'code', email);
      try {
        await deps.identity.resendConfirmationCode(email);
      } catch (error) {
        const failure = identityFailure(error, deps, { requestId: c.get('requestId') });
        // Unknown or already confirmed accounts: the same answer, so existence is not revealed.
        if (failure.status >= 500 || failure.status === 429) throw failure;
      }
      return c.body(null, 202);
    })
    .openapi(forgot, async (c) => {
      const { email } = c.req.valid('json');
      await takeAttempt(c, deps, 'code', email);
      try {
        await deps.identity.forgotPassword(email);
      } catch (error) {
        const failure = identityFailure(error, deps, { requestId: c.get('requestId') });
        if (failure.status >= 500 || failure.status === 429) throw failure;
      }
      return c.body(null, 202);
    })
    .openapi(reset, async (c) => {
      const body = c.req.valid('json');
      await takeAttempt(c, deps, 'code', body.email);
      refuseDemoPassword(body.newPassword, 'newPassword');
      try {
        await deps.identity.confirmForgotPassword(body.email, body.code, body.newPassword);
      } catch (error) {
        const failure = identityFailure(error, deps, { field: 'newPassword', requestId: c.get('requestId') });
        if (failure.code === 'invalid_credentials' || failure.code === 'invalid_request') {
          throw new ApiError(400, 'invalid_code', 'That code is not valid or has expired', { fields: [{ path: 'code', message: 'Invalid or expired code' }] });
        }
        throw failure;
      }
      const db = await deps.db.get();
      for (const user of await resolveUsers(db, body.email)) await endSessionsBefore(db, user.id, deps.clock.now());
      await Promise.resolve()
        .then(() => deps.identity.adminGlobalSignOut(body.email))
        .catch((error: unknown) => {
          deps.logger.warn('global sign-out after a password reset failed', {
            requestId: c.get('requestId'),
            error: error instanceof Error ? error.message : String(error),
          });
        });
      await clearAttempts(c, deps, 'code', body.email);
      return c.json({ reset: true as const }, 200);
    });
}
