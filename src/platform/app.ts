/**
 * The platform API (ARCHITECTURE §3 and "The platform API's shape"): one Hono
 * application under /api, the same object as the Netlify Function for /api/*
 * (netlify/functions/api.ts) and inside the local server (scripts/serve.mjs), so the site and
 * its API share one origin.
 *
 * `createPlatformApp(deps)` builds it from its dependencies (src/platform/deps.ts; every slot not
 * given gets its production default). Middleware on every request, outermost first:
 *   security headers (http/securityHeaders.ts) → request id (X-Request-Id) → one structured log
 *   line per request (http/requestLog.ts);
 * then the feature routers, each route declared with @hono/zod-openapi so that its validation,
 * types and OpenAPI entry come from one schema, with its own guards (CSRF, rate limit, media
 * type, body limit from http/):
 *   POST /api/events        advert events, stored in the database (events/routes.ts)
 *   POST /api/csp-report    CSP violation reports (cspReports/routes.ts)
 *   /api/auth/*, GET /api/authenticated, GET|DELETE /api/refresh, POST /api/sign_out
 *                           accounts: sign-in, registration, passwords, profile, sessions and
 *                           hosted sign-in (accounts/)
 *   GET  /auth/callback/    the hosted sign-in's return, a site path outside /api (accounts/hostedRoutes.ts)
 *   GET  /api/users/entitlements/{userId}  the signed-in user's entitlements (entitlements/routes.ts)
 *   GET  /api/openapi.json  the OpenAPI 3.0 document of every /api route above
 *   POST /api/session/check|heartbeat|release, GET /api/video/*  streaming: session check, leases,
 *                           video catalogue (streaming/routes.ts; docs/streaming-api.md)
 *   POST /api/payments/create-checkout|create-portal-redirect|fulfil|vouchers/check|webhook
 *                           payments: Stripe Checkout, billing portal, fulfilment, vouchers and the
 *                           signed webhook (payments/routes.ts; docs/payments.md)
 *   POST /api/content/webhook  the content platform's signed change notice; starts the site's
 *                           rebuild (content/routes.ts; docs/publishing.md)
 *   POST /api/matches/feed, GET /api/matches/live[/{matchId}]  live matches: the match-data
 *                           feed's signed push and the CDN-cached live state (matches/routes.ts)
 * Errors: one JSON envelope { error: { code, message, requestId, fields? } } (http/errors.ts);
 * unknown routes are 404 not_found; bad input is never a 500.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { createAccountsRouter } from './accounts/index.ts';
import { createCallbackApp } from './accounts/hostedRoutes.ts';
import { createPlatformDeps, type PlatformDeps } from './deps.ts';
import { createEntitlementsRouter } from './entitlements/routes.ts';
import { createEventsRouter } from './events/routes.ts';
import { onApiError, onApiNotFound } from './http/errors.ts';
import { logRequests, withRequestId } from './http/requestLog.ts';
import { apiSecurityHeaders } from './http/securityHeaders.ts';
import type { PlatformHonoEnv } from './http/types.ts';
import { validationHook } from './http/validation.ts';
import { createReportsRouter } from './cspReports/routes.ts';
import { createStreamingRouter } from './streaming/routes.ts';
import { createPaymentsRouter } from './payments/routes.ts';
import { createContentRouter } from './content/routes.ts';
import { createMatchesRouter } from './matches/routes.ts';

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
