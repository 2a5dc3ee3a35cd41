/**
 * The platform API as one Netlify Function (netlify.toml rewrites /api/* and /auth/callback/ here):
 * Netlify's `context.ip` becomes the app's `clientIp` binding and `geo.country.code` its `country`;
 * scripts/serve.mjs calls the same handler locally. The app is built on the first request, when the
 * environment is read (the local server sets COGNITO_* after importing this module), and the
 * database opens lazily. `createApiHandler(overrides)` gives the handler over other dependencies.
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
