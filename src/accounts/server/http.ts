/**
 * Shared pieces of the accounts routes: the guards every state-changing call carries, the answers
 * the identity service's failures become (accounts contract), and the OpenAPI schemas of the
 * answers.
 *
 * Guards of each POST/DELETE, in order: Origin must be the site's (403 forbidden_origin; the CSRF
 * protection of cookie-authenticated calls), body must be application/json (415), at most
 * MAX_ACCOUNT_BODY_BYTES (413); then the route's zod schema (400 invalid_request with `fields`).
 */
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { DISPLAY_NAME_MAX, hasUnsafeText } from '../../lib/displayText.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { configuredOrigins } from '../../platform/env.ts';
import { limitBody } from '../../platform/http/bodyLimit.ts';
import { requireSameOrigin } from '../../platform/http/csrf.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { requireMediaType } from '../../platform/http/mediaType.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { classifyIdentityError } from './cognito.ts';
import { NEW_PASSWORD_MIN_LENGTH } from '../rules/newPassword.ts';

/** Largest accepted accounts request body in bytes. */
export const MAX_ACCOUNT_BODY_BYTES = 8 * 1024;

/** Spec §8 'There was a problem logging in' / 'Please try again in a few minutes'. */
export const IDENTITY_UNAVAILABLE_MESSAGE = 'There was a problem logging in. Please try again in a few minutes';
/** The sign-in failure message (Cognito's own wording). */
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect username or password.';
/** Spec §5: change password and update attributes fail with 'No active user' when signed out. */
export const NO_ACTIVE_USER_MESSAGE = 'No active user';

/** The guards of a JSON call that changes state (see the file header). */
export function jsonCallGuards(
  deps: PlatformDeps,
): [MiddlewareHandler<PlatformHonoEnv>, MiddlewareHandler<PlatformHonoEnv>, MiddlewareHandler<PlatformHonoEnv>] {
  return [requireSameOrigin({ allowedOrigins: configuredOrigins(deps.env) }), requireMediaType('application/json'), limitBody(MAX_ACCOUNT_BODY_BYTES)];
}

/** The Origin guard alone, for state-changing calls without a body (DELETE). */
export function originGuard(deps: PlatformDeps): MiddlewareHandler<PlatformHonoEnv> {
  return requireSameOrigin({ allowedOrigins: configuredOrigins(deps.env) });
}

/**
 * The API error an identity-service failure becomes. `field` names the input a refused new
 * password belongs to. Unexpected failures are logged.
 */
export function identityFailure(error: unknown, deps: PlatformDeps, options: { field?: string; requestId?: string } = {}): ApiError {
  const failure = classifyIdentityError(error);
  switch (failure.kind) {
    case 'invalid_credentials':
      return new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
    case 'user_not_confirmed':
      return new ApiError(403, 'user_not_confirmed', 'Please confirm your account with the code we emailed you');
    case 'password_reset_required':
      return new ApiError(403, 'password_reset_required', 'Please reset your password with the code we email you');
    case 'account_exists':
      return new ApiError(409, 'account_exists', 'An account with this email address already exists');
    case 'invalid_code':
      return new ApiError(400, 'invalid_code', 'That code is not valid or has expired', { fields: [{ path: 'code', message: 'Invalid or expired code' }] });
    case 'invalid_password': {
      const message = /^Password (did not conform|does not conform)/i.test(failure.message) ? failure.message : 'The password does not meet the requirements';
      return new ApiError(400, 'invalid_password', message, { fields: [{ path: options.field ?? 'password', message }] });
    }
    case 'invalid_parameter':
      return new ApiError(400, 'invalid_request', 'The request was refused by the identity service');
    case 'too_many_requests':
      return new ApiError(429, 'rate_limited', 'Too many attempts; please try again in a minute', { headers: { 'Retry-After': '60' } });
    default:
      deps.logger.error('identity service unavailable', { requestId: options.requestId, serviceError: failure.serviceError, error: failure.message });
      return new ApiError(503, 'identity_unavailable', IDENTITY_UNAVAILABLE_MESSAGE, { headers: { 'Retry-After': '30' } });
  }
}

/** The SessionUser schema (accounts contract). */
export const sessionUserSchema = z
  .object({
    userID: z.string().openapi({ description: 'Our account id' }),
    ssoID: z.string().openapi({ description: 'Cognito sub' }),
    email: z.string(),
    userDisplayName: z.string(),
    bypassed: z.boolean(),
  })
  .openapi('SessionUser');

/** `{ user: SessionUser }`. */
export const userAnswerSchema = z.object({ user: sessionUserSchema }).openapi('SignedIn');

/** An e-mail address as accounts take it: trimmed, lower-cased, at most 254 characters. */
export const emailField = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase());

/** A password field: 1–256 characters (the pool's policy checks the rest). */
export const passwordField = z.string().min(1, 'Enter a password').max(256);

/** A new password: at least NEW_PASSWORD_MIN_LENGTH characters (the pool's minimum), at most 256. */
export const newPasswordField = z.string().min(NEW_PASSWORD_MIN_LENGTH, `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters`).max(256);

/** A code Cognito e-mailed: digits only. */
export const codeField = z
  .string()
  .trim()
  .regex(/^\d{4,10}$/, 'Enter the code from the email');

/** A display name: trimmed, 1–100 characters, no control, bidirectional-formatting or separator characters (src/lib/displayText). */
export const displayNameField = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(DISPLAY_NAME_MAX)
  .refine((value) => !hasUnsafeText(value), 'Use letters, spaces and punctuation only');
