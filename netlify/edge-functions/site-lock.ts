/**
 * Netlify Edge Function: the site lock of development environments (spec §2 Site lock page, §5,
 * §6 Development visitor; ARCHITECTURE "Seed behaviours we deliberately do better"). Declared for
 * every path in netlify.toml ([[edge_functions]]); scripts/serve.mjs applies the same handler
 * locally.
 *
 * Active only when SITE_LOCK_PASSWORD is set. A visitor without a valid signed cookie gets the
 * lock page (status 401, never cached); posting the right password sets the 60-day cookie and
 * redirects (303) to the same URL; a wrong one shows the page again with a message. The password
 * is compared on the server in constant time and never reaches the browser. Pure rules live in
 * src/lib/siteLock.ts; the page in src/lib/siteLockPage.ts.
 */
import {
  passwordMatches,
  readCookie,
  signSiteLockCookie,
  SITE_LOCK_COOKIE,
  SITE_LOCK_PASSWORD_FIELD,
  siteLockKeys,
  siteLockSetCookie,
  verifySiteLockCookie,
  type SiteLockEnv,
} from '../../src/lib/siteLock.ts';
import { SITE_LOCK_LOGO, siteLockPage } from '../../src/lib/siteLockPage.ts';

/** Returns the response to send, or undefined to let the request through (Netlify edge semantics). */
export type SiteLockHandler = (request: Request) => Promise<Response | undefined>;

/** Paths the lock page itself needs. */
const OPEN_PATHS: ReadonlySet<string> = new Set([SITE_LOCK_LOGO, '/favicon.svg']);

/** A password form is tiny; larger bodies are not read. */
const MAX_FORM_BYTES = 4096;

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * The lock for an environment, or null when SITE_LOCK_PASSWORD is unset or empty (the site is
 * open). `now` is injectable for tests.
 */
export function createSiteLock(env: SiteLockEnv, options: { now?: () => Date } = {}): SiteLockHandler | null {
  if (!env.SITE_LOCK_PASSWORD) return null;
  const now = options.now ?? (() => new Date());
  const keys = siteLockKeys(env);

  return async (request) => {
    const resolved = await keys;
    if (!resolved) return undefined;
    const url = new URL(request.url);
    if (OPEN_PATHS.has(url.pathname)) return undefined;

    const cookie = readCookie(request.headers.get('cookie'), SITE_LOCK_COOKIE);
    if (await verifySiteLockCookie(cookie, resolved.secret, now())) return undefined;

    const here = url.pathname + url.search;
    if (request.method !== 'POST') return lockPage(here, false);

    const typed = await readPassword(request);
    if (typed === null || !(await passwordMatches(typed, resolved.password))) return lockPage(here, true);
    const value = await signSiteLockCookie(resolved.secret, now());
    return new Response(null, {
      status: 303,
      headers: { Location: here, 'Set-Cookie': siteLockSetCookie(value, url.protocol === 'https:'), 'Cache-Control': 'no-store' },
    });
  };
}

function lockPage(action: string, error: boolean): Response {
  return new Response(siteLockPage({ action, error }), { status: 401, headers: PAGE_HEADERS });
}

/** The password field of a url-encoded form post, or null when there is none or the body is too large. */
async function readPassword(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return null;
  if (Number(request.headers.get('content-length') ?? '0') > MAX_FORM_BYTES) return null;
  const body = await request.text();
  if (body.length > MAX_FORM_BYTES) return null;
  return new URLSearchParams(body).get(SITE_LOCK_PASSWORD_FIELD);
}

interface EnvReader {
  get(name: string): string | undefined;
}

/** Netlify.env in production (Deno.env as a fallback); undefined elsewhere. */
function platformEnv(): EnvReader | undefined {
  const host = globalThis as { Netlify?: { env: EnvReader }; Deno?: { env: EnvReader } };
  return host.Netlify?.env ?? host.Deno?.env;
}

let handler: SiteLockHandler | null | undefined;

/** The edge function: the lock configured from the platform's environment. */
export default async function siteLock(request: Request): Promise<Response | undefined> {
  if (handler === undefined) {
    const env = platformEnv();
    handler = createSiteLock({ SITE_LOCK_PASSWORD: env?.get('SITE_LOCK_PASSWORD'), SITE_LOCK_SECRET: env?.get('SITE_LOCK_SECRET') });
  }
  return handler ? handler(request) : undefined;
}
