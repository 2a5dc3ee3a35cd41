/**
 * The platform API's paths as the browser calls them, and the small helpers the typed clients
 * (./accountsClient.ts, ./streamingClient.ts, ./paymentsClient.ts) share. Each path is checked at
 * compile time against the routes' own `createRoute` paths (`ApiPath`, read from the app's type
 * with a type-only import), so a renamed or removed route fails `npm run check` here; nothing of
 * the server, nor Hono's client, ships to the browser (docs/code-map.md "API paths").
 * Error answers are the API's envelope { error: { code, message, requestId?, fields? } }.
 */
import type { ExtractSchema } from 'hono/types';
import { CSP_REPORT_PATH } from '../lib/csp.ts';
import type { LoggedEvent } from '../schemas/loggedEvent.ts';
import type { API_BASE_PATH, OPENAPI_DOCUMENT_PATH, PlatformApp } from './app.ts';
import type { ErrorEnvelope } from './http/errors.ts';

/** Every path the platform API routes, as declared (`:name` marks a path parameter). */
export type ApiPath = keyof ExtractSchema<PlatformApp> & string;

/** The names of a path's `:parameters`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Every API path the site calls, relative to its own origin; each one a route of the API. */
export const API_PATHS = {
  events: '/api/events',
  /** Browsers post here themselves (the CSP's report-uri, src/lib/csp); spelled there once. */
  cspReport: CSP_REPORT_PATH,
  login: '/api/auth/login',
  newPassword: '/api/auth/new-password',
  register: '/api/auth/register',
  confirm: '/api/auth/confirm',
  resendCode: '/api/auth/resend-code',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  changePassword: '/api/auth/change-password',
  profile: '/api/auth/profile',
  authorize: '/api/auth/authorize',
  returnToken: '/api/auth/return-token',
  authenticated: '/api/authenticated',
  refresh: '/api/refresh',
  signOut: '/api/sign_out',
  entitlements: '/api/users/entitlements/:userId',
  sessionCheck: '/api/session/check',
  sessionHeartbeat: '/api/session/heartbeat',
  sessionRelease: '/api/session/release',
  createCheckout: '/api/payments/create-checkout',
  createPortalRedirect: '/api/payments/create-portal-redirect',
  fulfilCheckout: '/api/payments/fulfil',
  voucherCheck: '/api/payments/vouchers/check',
  stripeWebhook: '/api/payments/webhook',
  liveMatches: '/api/matches/live',
} as const satisfies Record<string, ApiPath>;

/** The OpenAPI document's path (served by the app, outside its typed routes). */
export const OPENAPI_PATH = '/api/openapi.json' satisfies `${typeof API_BASE_PATH}${typeof OPENAPI_DOCUMENT_PATH}`;

/** `path` with each `:name` replaced by its value, URI-encoded: apiPath('/api/users/entitlements/:userId', { userId }). */
export function apiPath<P extends ApiPath>(path: P, params: Record<PathParams<P>, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
}

/** GET one match's live state (src/platform/matches). */
export function liveMatchPath(matchId: string): string {
  return `${API_PATHS.liveMatches}/${encodeURIComponent(matchId)}`;
}

/** The outcome of an API call: ok, or the API's error (status, code and message). */
export type ApiResult = { ok: true; status: number } | { ok: false; status: number; code: string; message: string };

/** Reads a failed response as the error envelope, tolerating a body that is not one. */
async function failure(response: Response): Promise<ApiResult> {
  let code = 'http_error';
  let message = `The API answered ${response.status}`;
  try {
    const body = (await response.json()) as Partial<ErrorEnvelope>;
    if (body.error && typeof body.error.code === 'string') {
      code = body.error.code;
      message = body.error.message;
    }
  } catch {
    // Not JSON: keep the generic code.
  }
  return { ok: false, status: response.status, code, message };
}

/**
 * A successful answer's body read as JSON: `{ json }`, with `json` null when the body is not JSON
 * (the API's own unexpected answer, which callers read as one); or undefined when the body never
 * fully arrived — the connection dropped, or the page was left or reloaded while it came — which
 * says nothing about what the API decided, so callers treat it as a network failure (status 0).
 * (A reload during the login check cut its answer off after the 200's headers; read as an
 * unexpected answer, it had made the check forget a signed-in browser's marker.)
 */
export async function readAnswerJson(response: Response): Promise<{ json: unknown } | undefined> {
  try {
    return { json: await response.json() };
  } catch (error) {
    return error instanceof SyntaxError ? { json: null } : undefined;
  }
}

/**
 * Posts one logged event (spec §3, §7 Event logging) as JSON with keepalive, so a click that
 * leaves the page is still delivered. `url` overrides the endpoint (PUBLIC_EVENTS_URL); it
 * defaults to API_PATHS.events. Network failures reject; HTTP errors resolve as { ok: false }.
 */
export async function postLoggedEvent(event: LoggedEvent, options: { url?: string; fetch?: typeof fetch } = {}): Promise<ApiResult> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(options.url ?? API_PATHS.events, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
    credentials: 'same-origin',
  });
  return response.ok ? { ok: true, status: response.status } : failure(response);
}
