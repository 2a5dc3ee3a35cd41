/**
 * Cross-site request forgery guard for state-changing API calls: a POST, PUT, PATCH or DELETE must
 * carry an `Origin` naming the site itself — the request's own origin, SITE_URL's or one of
 * API_ALLOWED_ORIGINS (src/platform/env.ts) — whatever its content type.
 * Errors: 403 forbidden_origin for a foreign, opaque or missing Origin, before the body is read.
 * Callers authenticated otherwise (Stripe's webhook) are mounted without it.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';
import type { PlatformHonoEnv } from './types.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether `origin` (an Origin header value, or undefined when absent) may make a state-changing
 * call to `requestUrl`: it must equal the request URL's origin or one of `allowedOrigins`
 * (serialised origins such as 'https://www.stokecity.example'). Absent and 'null' never pass.
 */
export function isAllowedOrigin(origin: string | undefined, requestUrl: string, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined || origin === '' || origin === 'null') return false;
  return origin === new URL(requestUrl).origin || allowedOrigins.includes(origin);
}

/**
 * Middleware refusing state-changing requests whose Origin is not the site's own (403
 * forbidden_origin). GET, HEAD and OPTIONS pass untouched.
 */
export function requireSameOrigin(options: { allowedOrigins: readonly string[] }): MiddlewareHandler<PlatformHonoEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isAllowedOrigin(c.req.header('origin'), c.req.url, options.allowedOrigins)) {
      throw new ApiError(403, 'forbidden_origin', 'This call must come from the site itself');
    }
    await next();
  };
}
