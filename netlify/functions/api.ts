/**
 * The platform API as one Netlify Function (netlify.toml rewrites /api/* here). Netlify passes
 * the original request, whose path starts with /api.
 */
import { createPlatformApp } from '../../src/platform/app.ts';

const app = createPlatformApp();

export default (request: Request): Response | Promise<Response> => app.fetch(request);
