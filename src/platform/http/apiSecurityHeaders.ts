/**
 * Security headers on every /api response: Netlify's [[headers]] rules apply to
 * files served from the publish directory, not to function responses, so the app sets them itself
 * with Hono's `secureHeaders`, for successes, errors and 404s alike:
 * - Content-Security-Policy: default-src 'none'; frame-ancestors 'none'; base-uri 'none';
 *   form-action 'none' — an API response is data, never a document that loads or frames anything;
 * - Strict-Transport-Security: max-age=63072000; includeSubDomains; preload (two years, the same
 *   value netlify.toml gives the pages);
 * - X-Content-Type-Options: nosniff; X-Frame-Options: DENY; Referrer-Policy: no-referrer;
 *   Cross-Origin-Resource-Policy and -Opener-Policy: same-origin; Permissions-Policy as the pages';
 * - Cache-Control: no-store unless a route sets its own.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { PlatformHonoEnv } from './types.ts';

/** The API responses' Content-Security-Policy directives. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const headers = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  permissionsPolicy: {
    accelerometer: [],
    camera: [],
    geolocation: [],
    gyroscope: [],
    magnetometer: [],
    microphone: [],
    payment: [],
    usb: [],
  },
});

/** Middleware setting the API's security headers (and Cache-Control: no-store by default) on every response. */
export function apiSecurityHeaders(): MiddlewareHandler<PlatformHonoEnv> {
  return async (c, next) => {
    await headers(c, async () => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    });
  };
}
