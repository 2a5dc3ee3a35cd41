/**
 * Request ids and structured request logs (issue 12).
 * - `withRequestId()`: Hono's `requestId` middleware. Every response carries `X-Request-Id`: the
 *   caller's own when it is a plausible id (Hono accepts [A-Za-z0-9_=-], up to 255 characters),
 *   else Netlify's `x-nf-request-id`, else a random UUID. Error envelopes repeat it.
 * - `logRequests(logger)`: one JSON line per request when it ends:
 *   { level, time, msg: 'request', requestId, method, path, status, ms } — level 'error' for 5xx,
 *   'info' otherwise. Bodies, query strings and headers are not logged (they may carry personal data).
 */
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../deps.ts';
import type { PlatformHonoEnv } from './types.ts';

/** Middleware giving every request an id (c.get('requestId')) and the X-Request-Id response header. */
export function withRequestId(): MiddlewareHandler<PlatformHonoEnv> {
  return requestId({ generator: (c) => c.req.header('x-nf-request-id') ?? crypto.randomUUID() });
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
