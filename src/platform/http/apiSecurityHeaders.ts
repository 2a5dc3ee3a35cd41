/**
 * Security headers on every /api response, successes, errors and 404s alike (Netlify's [[headers]]
 * do not reach function responses), with Hono's `secureHeaders`: a CSP of default-src 'none' and
 * frame-ancestors 'none', two-year HSTS with preload, nosniff, DENY framing, no-referrer,
 * same-origin resource and opener policies, the pages' Permissions-Policy, and Cache-Control:
 * no-store unless a route sets its own.
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
