/**
 * Request ids and structured request logs.
 * - `withRequestId()` (Hono's requestId): every response carries `X-Request-Id`: the caller's own
 *   `X-Request-Id` when it is 1–64 of [A-Za-z0-9_=-], else Netlify's `x-nf-request-id` when it has
 *   the shape of REQUEST_ID_PATTERN (a UUID fits), else a random UUID. Error envelopes and log lines
 *   repeat it, so nothing else a caller sends reaches them.
 * - `logRequests(logger)`: one JSON line per request when it ends:
 *   { level, time, msg: 'request', requestId, method, path, status, ms } — level 'error' for 5xx,
 *   'info' otherwise. Bodies, query strings and headers are not logged (they may carry personal data).
 */
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../deps.ts';
import type { PlatformHonoEnv } from './types.ts';

/** The longest request id taken from a request header. */
const REQUEST_ID_MAX_LENGTH = 64;
/** The shape of a request id taken from a request header: 1–64 ASCII letters, digits and hyphens. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** `value` when it has the shape of REQUEST_ID_PATTERN, else undefined. */
export function acceptedRequestId(value: string | undefined): string | undefined {
  return value !== undefined && REQUEST_ID_PATTERN.test(value) ? value : undefined;
}

/** Middleware giving every request an id (c.get('requestId')) and the X-Request-Id response header. */
export function withRequestId(): MiddlewareHandler<PlatformHonoEnv> {
  return requestId({
    limitLength: REQUEST_ID_MAX_LENGTH,
    generator: (c) => acceptedRequestId(c.req.header('x-nf-request-id')) ?? crypto.randomUUID(),
  });
}

/** Middleware writing one structured log line per request, after the response is made. */
export function logRequests(logger: Logger): MiddlewareHandler<PlatformHonoEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const fields = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (c.res.status >= 500) logger.error('request', fields);
    else logger.info('request', fields);
  };
}
