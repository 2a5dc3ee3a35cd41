/**
 * The session cookies: tokens live only in HttpOnly, SameSite=Lax cookies the page cannot read —
 * tr_id and tr_access (Path /api, until the token's `exp`), tr_refresh (Path /api/refresh),
 * tr_session (a refresh token exists), tr_challenge, tr_oauth and tr_device. Secure on https, and on
 * http too with COOKIE_SECURE=always; secure cookies carry the `__Host-` or `__Secure-` prefix.
 * The table of paths and lifetimes: docs/accounts-api.md "Cookies".
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { PlatformEnv } from '../../platform/env.ts';

/** The session cookies' base names (without the `__Secure-` prefix). */
export const COOKIE_NAMES = {
  id: 'tr_id',
  access: 'tr_access',
  refresh: 'tr_refresh',
  session: 'tr_session',
  challenge: 'tr_challenge',
  oauth: 'tr_oauth',
  device: 'tr_device',
} as const;

/** A cookie of COOKIE_NAMES. */
export type SessionCookie = keyof typeof COOKIE_NAMES;

/** Paths the cookies are scoped to. */
export const COOKIE_PATHS: Record<SessionCookie, string> = {
  id: '/api',
  access: '/api',
  refresh: '/api/refresh',
  session: '/api',
  challenge: '/api/auth',
  oauth: '/auth/callback',
  device: '/',
};

/** Cookies at Path=/ that carry the `__Host-` prefix when Secure. */
export const HOST_PREFIXED: ReadonlySet<SessionCookie> = new Set(['device']);

const prefixOf = (cookie: SessionCookie) => (HOST_PREFIXED.has(cookie) ? ('host' as const) : ('secure' as const));

/** Refresh-token cookie lifetime in seconds: the app client's refresh token validity (30 days). */
export const REFRESH_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
/** NEW_PASSWORD_REQUIRED challenge cookie lifetime (Cognito's session lasts 3 minutes). */
export const CHALLENGE_MAX_AGE = 180;
/** OAuth transaction cookie lifetime: the supporter has 10 minutes at the provider. */
export const OAUTH_MAX_AGE = 600;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether cookies set in answer to `requestUrl` must be Secure (see the file header). */
export function cookiesSecure(requestUrl: string, mode: PlatformEnv['COOKIE_SECURE']): boolean {
  if (mode === 'always') return true;
  const url = new URL(requestUrl);
  return !(url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/** The cookie jar of one request: reads, sets and clears the session cookies with their flags. */
export interface CookieJar {
  readonly secure: boolean;
  get(cookie: SessionCookie): string | undefined;
  /** Sets `cookie` for `maxAge` seconds (at least 1). */
  set(cookie: SessionCookie, value: string, maxAge: number): void;
  clear(cookie: SessionCookie): void;
}

/** The cookie jar of `c` (Secure, and with it the prefix, decided by cookiesSecure). */
export function cookieJar(c: Context, mode: PlatformEnv['COOKIE_SECURE']): CookieJar {
  const secure = cookiesSecure(c.req.url, mode);
  const options = (cookie: SessionCookie): CookieOptions => ({
    path: COOKIE_PATHS[cookie],
    httpOnly: true,
    sameSite: 'Lax',
    ...(secure ? { secure: true, prefix: prefixOf(cookie) } : { secure: false }),
  });
  return {
    secure,
    get: (cookie) => getCookie(c, COOKIE_NAMES[cookie], secure ? prefixOf(cookie) : undefined) || undefined,
    set: (cookie, value, maxAge) => setCookie(c, COOKIE_NAMES[cookie], value, { ...options(cookie), maxAge: Math.max(1, Math.floor(maxAge)) }),
    clear: (cookie) => {
      deleteCookie(c, COOKIE_NAMES[cookie], options(cookie));
    },
  };
}

/** Seconds from `now` until a token's `exp` (seconds since the epoch), at least 1. */
export function secondsUntil(exp: number, now: Date): number {
  return Math.max(1, Math.floor(exp - now.getTime() / 1000));
}

/** JSON as a cookie value (base64url, so no quoting or escaping is needed). */
export function encodeCookieJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** A cookie value written by encodeCookieJson, or undefined when it is not one. */
export function decodeCookieJson(value: string | undefined): unknown {
  if (!value || value.length > 4096) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
