/**
 * The platform API as one Netlify Function (netlify.toml rewrites /api/* and the hosted sign-in's
 * /auth/callback/ here). Netlify passes the original request, whose path starts with /api (or is
 * /auth/callback/), and a context whose `ip` is the client's address; the app receives it as its
 * `clientIp` binding (rate limits, sign-in attempt limits), and `geo.country.code` its `country` binding (streaming). scripts/serve.mjs calls this same
 * handler locally with the socket's address.
 *
 * The app is built on the first request, not at import: the environment is read then (the local
 * server sets the stand-ins' COGNITO_* variables after importing this module), and the database
 * opens lazily on first use (src/platform/deps.ts). `createApiHandler(overrides)` gives the same
 * handler over other dependencies (the local server passes the database it already opened).
 */
import { createPlatformApp } from '../../src/platform/app.ts';
import type { PlatformDeps } from '../../src/platform/deps.ts';

/** The part of Netlify's function context the API reads. */
export interface FunctionContext {
  ip?: string;
  /** Netlify's geolocation of the client (country.code: ISO 3166-1 alpha-2); the streaming country rule reads it. */
  geo?: { country?: { code?: string } };
}

/** A function handler like the default export, over an app built (on first request) with `overrides`. */
export function createApiHandler(overrides: Partial<PlatformDeps> = {}): (request: Request, context?: FunctionContext) => Response | Promise<Response> {
  let app: ReturnType<typeof createPlatformApp> | undefined;
  return (request, context) => {
    app ??= createPlatformApp(overrides);
    return app.fetch(request, { clientIp: context?.ip, country: context?.geo?.country?.code });
  };
}

export default createApiHandler();
