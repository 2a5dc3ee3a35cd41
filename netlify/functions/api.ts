/**
 * The platform API as one Netlify Function (netlify.toml rewrites /api/* here). Netlify passes
 * the original request, whose path starts with /api, and a context whose `ip` is the client's
 * address; the app receives it as its `clientIp` binding (rate limits). scripts/serve.mjs calls
 * this same handler locally with the socket's address.
 */
import { createPlatformApp } from '../../src/platform/app.ts';

/** The part of Netlify's function context the API reads. */
export interface FunctionContext {
  ip?: string;
}

const app = createPlatformApp();

export default (request: Request, context?: FunctionContext): Response | Promise<Response> =>
  app.fetch(request, { clientIp: context?.ip });
