/**
 * The Hono environment type every platform router shares: what the runtime adapter passes in
 * (`Bindings`) and what middleware puts on the context (`Variables`).
 *
 * Bindings are given by the adapter as the second argument of `app.fetch(request, bindings)`:
 * netlify/functions/api.ts passes Netlify's `context.ip`, scripts/serve.mjs the socket's remote
 * address. Tests pass them to `app.request(path, init, bindings)`; without them the client is
 * 'unknown'.
 */
import type { RateLimitInfo } from 'hono-rate-limiter';
import type { RequestIdVariables } from 'hono/request-id';

/** What the runtime tells the app about the request. */
export interface PlatformBindings {
  /** The client's IP address as the platform saw it (never read from a request header). */
  clientIp?: string;
  /** The client's country (ISO 3166-1 alpha-2) from the platform's geolocation (Netlify context.geo), when known. */
  country?: string;
}

/** What middleware puts on the context: the request id (http/requestLog.ts) and, on rate-limited routes, the client's count (http/rateLimit.ts). */
export interface PlatformVariables extends RequestIdVariables {
  rateLimit?: RateLimitInfo;
}

/** The Hono `Env` of the platform API. */
export interface PlatformHonoEnv {
  Bindings: PlatformBindings;
  Variables: PlatformVariables;
}
