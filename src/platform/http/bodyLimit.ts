/**
 * Request body limit on Hono's `bodyLimit`: a body declared larger
 * than `maxBytes` (Content-Length) is refused with 413 payload_too_large without reading a byte;
 * a body without Content-Length (chunked, a stream) is read chunk by chunk and refused as soon as
 * it passes the limit, so at most `maxBytes` plus one chunk is ever pulled into memory.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors.ts';
import type { PlatformHonoEnv } from './types.ts';

/** Middleware limiting the request body to `maxBytes` bytes (413 payload_too_large beyond). */
export function limitBody(maxBytes: number): MiddlewareHandler<PlatformHonoEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes`);
    },
  });
}
