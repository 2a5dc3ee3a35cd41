/**
 * Media-type gate: a route that takes a body names the exact media types it
 * accepts; any other Content-Type (or none) is refused with 415 unsupported_media_type before the
 * body is read. Parameters such as `; charset=utf-8` are allowed. Exact names matter: @hono/zod-
 * openapi's own gate lets any `application/*+json` through a route declared as application/json,
 * and a cross-site form can send text/plain, so the route's list is the contract.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';
import type { PlatformHonoEnv } from './types.ts';

/** The media type of a Content-Type header value, lower-cased, without parameters ('' when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Middleware accepting only bodies whose media type is one of `types` (lower-case, e.g. 'application/json'). */
export function requireMediaType(...types: string[]): MiddlewareHandler<PlatformHonoEnv> {
  const accepted: ReadonlySet<string> = new Set(types);
  return async (c, next) => {
    if (!accepted.has(mediaTypeOf(c.req.header('content-type')))) {
      throw new ApiError(415, 'unsupported_media_type', `The body must be ${types.join(' or ')}`);
    }
    await next();
  };
}
