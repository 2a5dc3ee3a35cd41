/**
 * The platform API (ARCHITECTURE §3): one Hono app under /api, the same in the Netlify Function and
 * the local server. `createPlatformApp(deps)` (src/platform/deps.ts) mounts security headers,
 * request id and log line, then the feature routers — events, CSP reports, accounts and
 * entitlements (src/accounts/server), streaming, payments, content, live matches — each route
 * declared with @hono/zod-openapi (GET /api/openapi.json), plus GET /auth/callback/ outside /api.
 * Errors: one JSON envelope (http/errors.ts); unknown routes 404 not_found; bad input never a 500.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createAccountsRouter } from '../accounts/server/accountsRouter.ts';
import { createCallbackApp } from '../accounts/server/hostedRoutes.ts';
import { createPlatformDeps, type PlatformDeps } from './deps.ts';
import { createEntitlementsRouter } from '../accounts/server/entitlementRoutes.ts';
import { createEventsRouter } from './events/eventRoutes.ts';
import { onApiError, onApiNotFound } from './http/errors.ts';
import { logRequests, withRequestId } from './http/requestLog.ts';
import { apiSecurityHeaders } from './http/apiSecurityHeaders.ts';
import type { PlatformHonoEnv } from './http/types.ts';
import { validationHook } from './http/validation.ts';
import { createReportsRouter } from './cspReports/cspReportRoutes.ts';
import { createStreamingRouter } from '../streaming/server/streamingRoutes.ts';
import { createPaymentsRouter } from '../payments/server/paymentRoutes.ts';
import { createContentRouter } from './content/contentRoutes.ts';
import { createMatchesRouter } from './matches/liveMatchRoutes.ts';

/** Where the API is mounted on the site's origin. */
export const API_BASE_PATH = '/api';

/** Path of the OpenAPI document, below API_BASE_PATH. */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

/**
 * The platform API. `overrides` replaces any dependency (tests pass a clock, a logger, an event
 * sink, a rate-limit store, an env); the rest come from createPlatformDeps.
 * @throws {PlatformEnvError} when no env is given and process.env is invalid.
 */
export function createPlatformApp(overrides: Partial<PlatformDeps> = {}) {
  const deps = createPlatformDeps(overrides);
  const root = new OpenAPIHono<PlatformHonoEnv>({ defaultHook: validationHook });
  root.use('*', apiSecurityHeaders(), withRequestId(), logRequests(deps.logger));
  root.onError(onApiError(deps.logger));
  root.notFound(onApiNotFound);
  // The one route outside /api: the hosted sign-in's callback on the site's own path.
  root.route('/', createCallbackApp(deps));

  // basePath shares the root's router and middleware; routes below get the /api prefix. The copy
  // @hono/zod-openapi makes keeps onError but not notFound, so the copy gets it again.
  const app = root.basePath(API_BASE_PATH);
  app.notFound(onApiNotFound);
  const routes = app
    .route('/', createEventsRouter(deps))
    .route('/', createReportsRouter(deps))
    .route('/', createAccountsRouter(deps))
    .route('/', createEntitlementsRouter(deps))
    .route('/', createStreamingRouter(deps))
    .route('/', createPaymentsRouter(deps))
    .route('/', createContentRouter(deps))
    .route('/', createMatchesRouter(deps));

  app.doc(OPENAPI_DOCUMENT_PATH, {
    openapi: '3.0.3',
    info: {
      title: 'Terrace platform API',
      version: '0.1.0',
      description: "The club site's platform API. Errors are { error: { code, message, requestId, fields? } }.",
    },
  });
  return routes;
}

/** The platform app's type, for typed clients (hono/client `hc<PlatformApp>`). */
export type PlatformApp = ReturnType<typeof createPlatformApp>;
