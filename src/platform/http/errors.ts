/**
 * The platform API's one error envelope: { error: { code, message, requestId?, fields? } }.
 * Statuses: 400 invalid_request (with `fields`) or invalid_json · 401 · 403 forbidden_origin,
 * forbidden · 404 not_found · 405 · 413 payload_too_large · 415 unsupported_media_type · 429
 * rate_limited and 503 service_unavailable (with Retry-After) · 500 internal_error (an unexpected
 * throw, logged with its stack). Route code throws `ApiError`; `onApiError` maps Hono's exceptions
 * and database outages (storage/unavailable.ts) to the same envelope.
 */
import { z } from '@hono/zod-openapi';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../deps.ts';
import { isDatabaseUnavailable } from '../storage/unavailable.ts';
import type { PlatformHonoEnv } from './types.ts';

/** One failing input field: a dotted path ('action', 'items.0.url') and what is wrong. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** Options of an ApiError beyond status, code and message. */
export interface ApiErrorOptions {
  /** The failing fields (400 invalid_request). */
  fields?: FieldIssue[];
  /** Extra response headers, e.g. { 'Retry-After': '30' }. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error the API answers with its envelope: `status`, stable `code`, human `message`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, code: string, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/** Retry-After (seconds) of 503 service_unavailable: the database cannot be reached. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** The 503 service_unavailable (with Retry-After) answered while the database cannot be reached. */
export function serviceUnavailable(cause?: unknown): ApiError {
  return new ApiError(503, 'service_unavailable', 'The service is unavailable; please try again in a few minutes', {
    headers: { 'Retry-After': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

/** The envelope's schema, for route definitions and the OpenAPI document. */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid_request' }),
      message: z.string().openapi({ example: 'The request has invalid fields' }),
      requestId: z.string().optional(),
      fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi('Error');

/** The envelope's type. */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `invalid_json`, or `invalid_request` with the failing fields',
  401: 'Not signed in (`unauthorized`)',
  403: 'Refused: a state-changing call from a foreign or missing Origin (`forbidden_origin`)',
  404: 'No such resource (`not_found`)',
  413: "The body is over the route's limit (`payload_too_large`)",
  415: 'The body is not of an accepted media type (`unsupported_media_type`)',
  429: 'Too many calls from this client (`rate_limited`); see Retry-After',
  503: 'The service cannot be reached right now (`service_unavailable`, or a more specific code); see Retry-After',
};

/** OpenAPI `responses` entries for the given error statuses, all with the envelope schema. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, { description: string; content: { 'application/json': { schema: typeof errorEnvelopeSchema } } }> {
  const responses = {} as Record<S, { description: string; content: { 'application/json': { schema: typeof errorEnvelopeSchema } } }>;
  for (const status of statuses) {
    responses[status] = { description: DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: errorEnvelopeSchema } } };
  }
  return responses;
}

/** The JSON error response for `error`, with the request id and no caching. */
export function errorResponse(c: Context<PlatformHonoEnv>, error: ApiError): Response {
  const requestId = c.get('requestId') as string | undefined;
  const body: ErrorEnvelope = {
    error: {
      code: error.code,
      message: error.message,
      ...(requestId ? { requestId } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  return c.json(body, error.status);
}

/** Hono's HTTPException (thrown by its validator, body limit or zod-openapi's media-type gate) as an ApiError. */
function fromHttpException(exception: HTTPException): ApiError {
  const status = exception.status as ContentfulStatusCode;
  const headers: Record<string, string> = {};
  exception.res?.headers.forEach((value, name) => {
    if (!/^content-/i.test(name)) headers[name] = value;
  });
  switch (status) {
    case 400:
      return /json/i.test(exception.message)
        ? new ApiError(400, 'invalid_json', 'The body is not valid JSON', { headers })
        : new ApiError(400, 'invalid_request', exception.message || 'The request is not valid', { headers });
    case 401:
      return new ApiError(401, 'unauthorized', 'Sign in to continue', { headers });
    case 403:
      return new ApiError(403, 'forbidden', 'This request is not allowed', { headers });
    case 404:
      return new ApiError(404, 'not_found', 'Not found', { headers });
    case 405:
      return new ApiError(405, 'method_not_allowed', 'This method is not allowed here', { headers });
    case 413:
      return new ApiError(413, 'payload_too_large', 'The body is too large', { headers });
    case 415:
      return new ApiError(415, 'unsupported_media_type', 'The body is not of an accepted media type', { headers });
    case 429:
      return new ApiError(429, 'rate_limited', 'Too many requests; try again later', { headers });
    default:
      return status >= 500
        ? new ApiError(500, 'internal_error', 'Something went wrong on our side', { headers })
        : new ApiError(status, 'request_refused', exception.message || 'The request was refused', { headers });
  }
}

/**
 * The app's onError: ApiError and HTTPException as their envelope (4xx are expected and logged
 * at debug); a database that cannot be reached is 503 service_unavailable with Retry-After
 * (logged as a warning, without a stack); anything else is logged as an error with its stack and
 * answered 500 internal_error.
 */
export function onApiError(logger: Logger): ErrorHandler<PlatformHonoEnv> {
  return (err, c) => {
    const requestId = c.get('requestId') as string | undefined;
    if (err instanceof ApiError || err instanceof HTTPException) {
      const error = err instanceof ApiError ? err : fromHttpException(err);
      if (error.status >= 500) logger.error('request failed', { requestId, code: error.code, error: String(err) });
      else logger.debug('request refused', { requestId, status: error.status, code: error.code });
      return errorResponse(c, error);
    }
    if (isDatabaseUnavailable(err)) {
      // The driver's own message (Drizzle's wrapper carries the query's parameters: not logged).
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      logger.warn('database unavailable', { requestId, error: cause instanceof Error ? cause.message : String(cause) });
      return errorResponse(c, serviceUnavailable(err));
    }
    logger.error('unexpected error', { requestId, error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
    return errorResponse(c, new ApiError(500, 'internal_error', 'Something went wrong on our side'));
  };
}

/** The app's notFound: 404 not_found naming the method and path. */
export const onApiNotFound: NotFoundHandler<PlatformHonoEnv> = (c) =>
  errorResponse(c, new ApiError(404, 'not_found', `No API route ${c.req.method} ${c.req.path}`));
