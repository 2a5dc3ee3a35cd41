/**
 * Netlify Edge Function: the site lock of development environments (spec §2 Site lock page, §5, §6
 * Development visitor), on every path; scripts/serve.mjs applies the same handler locally.
 * Active only when SITE_LOCK_PASSWORD is set: without a valid signed cookie a visitor gets the lock
 * page (401, never cached); the right password sets the 60-day cookie and redirects (303) to the
 * same-site path asked for; a wrong one shows the page again (compared in constant time). After
 * SITE_LOCK_MAX_FAILURES wrong passwords within SITE_LOCK_FAILURE_WINDOW_MS a client's posts get
 * 429 with Retry-After (per isolate; the CDN's limit: ./site-lock-attempts.ts, docs/reliability.md
 * "Site lock"). Forms are read up to MAX_FORM_BYTES. Rules: src/lib/siteLock.ts, siteLockPage.ts.
 */
import {
  passwordMatches,
  readCookie,
  recordSiteLockFailure,
  signSiteLockCookie,
  SITE_LOCK_COOKIE,
  SITE_LOCK_FAILURE_WINDOW_MS,
  SITE_LOCK_PASSWORD_FIELD,
  siteLockKeys,
  siteLockRetryAfterSeconds,
  siteLockReturnPath,
  siteLockSetCookie,
  verifySiteLockCookie,
  type SiteLockEnv,
  type SiteLockFailures,
} from '../../src/lib/siteLock.ts';
import { CSP_REPORT_PATH } from '../../src/lib/csp.ts';
import { SITE_LOCK_LOGO, siteLockPage } from '../../src/lib/siteLockPage.ts';

/** What the runtime knows about the client: its IP address (Netlify `context.ip`, the local socket's address). */
export interface SiteLockClient {
  ip?: string | undefined;
}

/** Returns the response to send, or undefined to let the request through (Netlify edge semantics). */
export type SiteLockHandler = (request: Request, client?: SiteLockClient) => Promise<Response | undefined>;

/**
 * Paths open without the cookie: what the lock page itself needs, and the CSP report endpoint,
 * because browsers send violation reports without cookies (it is size-bounded and rate-limited
 * by the platform API, src/platform/cspReports/cspReportRoutes.ts).
 */
const OPEN_PATHS: ReadonlySet<string> = new Set([SITE_LOCK_LOGO, '/favicon.svg', CSP_REPORT_PATH]);

/** A password form is tiny; larger bodies are not read. */
const MAX_FORM_BYTES = 4096;

/** Most clients whose wrong passwords are remembered at once; the oldest are forgotten first. */
const MAX_TRACKED_CLIENTS = 10_000;

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
  const failures = new FailureLog(now);

  return async (request, client = {}) => {
    const resolved = await keys;
    if (!resolved) return undefined;
    const url = new URL(request.url);
    if (OPEN_PATHS.has(url.pathname)) return undefined;

    const cookie = readCookie(request.headers.get('cookie'), SITE_LOCK_COOKIE);
    if (await verifySiteLockCookie(cookie, resolved.secret, now())) return undefined;

    const here = siteLockReturnPath(url.pathname + url.search);
    if (request.method !== 'POST') return lockPage(here, false);

    const clientKey = client.ip || 'unknown';
    const wait = failures.retryAfterSeconds(clientKey);
    if (wait > 0) return throttledPage(here, wait);

    const typed = await readPassword(request);
    if (typed === null || !(await passwordMatches(typed, resolved.password))) {
      failures.record(clientKey);
      return lockPage(here, true);
    }
    failures.forget(clientKey);
    const value = await signSiteLockCookie(resolved.secret, now());
    return new Response(null, {
      status: 303,
      headers: { Location: here, 'Set-Cookie': siteLockSetCookie(value, url.protocol === 'https:'), 'Cache-Control': 'no-store' },
    });
  };
}

/**
 * Wrong passwords per client in memory (src/lib/siteLock.ts rules), bounded to
 * MAX_TRACKED_CLIENTS entries: when full, expired entries go first, then the oldest.
 */
class FailureLog {
  readonly #now: () => Date;
  readonly #byClient = new Map<string, SiteLockFailures>();
  constructor(now: () => Date) {
    this.#now = now;
  }
  retryAfterSeconds(client: string): number {
    return siteLockRetryAfterSeconds(this.#byClient.get(client), this.#now());
  }
  record(client: string): void {
    const next = recordSiteLockFailure(this.#byClient.get(client), this.#now());
    this.#byClient.delete(client);
    if (this.#byClient.size >= MAX_TRACKED_CLIENTS) this.#evict();
    this.#byClient.set(client, next);
  }
  forget(client: string): void {
    this.#byClient.delete(client);
  }
  #evict(): void {
    const nowMs = this.#now().getTime();
    for (const [client, entry] of this.#byClient) {
      if (nowMs >= entry.windowStartMs + SITE_LOCK_FAILURE_WINDOW_MS) this.#byClient.delete(client);
    }
    const oldest = this.#byClient.keys().next();
    if (this.#byClient.size >= MAX_TRACKED_CLIENTS && !oldest.done) this.#byClient.delete(oldest.value);
  }
}

function lockPage(action: string, error: boolean): Response {
  return new Response(siteLockPage({ action, error }), { status: 401, headers: PAGE_HEADERS });
}

function throttledPage(action: string, retryAfterSeconds: number): Response {
  return new Response(siteLockPage({ action, retryAfterSeconds }), {
    status: 429,
    headers: { ...PAGE_HEADERS, 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * The password field of a url-encoded form post, or null when there is none or the body is over
 * MAX_FORM_BYTES — refused from Content-Length without reading, or while streaming (a body without
 * Content-Length is read chunk by chunk and abandoned past the limit).
 */
async function readPassword(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return null;
  if (Number(request.headers.get('content-length') ?? '0') > MAX_FORM_BYTES) return null;
  const body = await readBounded(request, MAX_FORM_BYTES);
  return body === null ? null : new URLSearchParams(body).get(SITE_LOCK_PASSWORD_FIELD);
}

/** The body as UTF-8 text, or null (and the stream cancelled) once it passes `maxBytes`. */
async function readBounded(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
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

/** The edge function: the lock configured from the platform's environment; `context.ip` identifies the client. */
export default async function siteLock(request: Request, context?: SiteLockClient): Promise<Response | undefined> {
  if (handler === undefined) {
    const env = platformEnv();
    handler = createSiteLock({ SITE_LOCK_PASSWORD: env?.get('SITE_LOCK_PASSWORD'), SITE_LOCK_SECRET: env?.get('SITE_LOCK_SECRET') });
  }
  return handler ? handler(request, { ip: context?.ip }) : undefined;
}
