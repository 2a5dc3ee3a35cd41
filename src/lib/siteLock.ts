/**
 * Site lock for development environments (spec §2 Site lock page, §5, §6 Development visitor, §9):
 * the password is checked on the server in constant time, and entry is remembered in a cookie
 * `v1.{expiresAtMs}.{signature}` (base64url HMAC-SHA-256 of `v1.{expiresAtMs}`, valid 60 days),
 * so the password never reaches the browser and the cookie cannot be forged.
 * `siteLockReturnPath` returns only to a same-site path, however encoded; wrong passwords are
 * throttled per client (`recordSiteLockFailure`, `siteLockRetryAfterSeconds`).
 * Runs unchanged in Deno (edge), Node and Vitest: Web Crypto and `.ts` import paths only.
 */
import { SITE_LOCK_COOKIE_DAYS } from './constants.ts';

/** Name of the cookie remembering that the visitor entered the password. */
export const SITE_LOCK_COOKIE = 'site_lock';
/** Name of the lock form's password field. */
export const SITE_LOCK_PASSWORD_FIELD = 'password';

/** Wrong passwords a client may send within one failure window before it must wait. */
export const SITE_LOCK_MAX_FAILURES = 5;
/** Length of the failure window, in milliseconds, counted from the client's first wrong password. */
export const SITE_LOCK_FAILURE_WINDOW_MS = 15 * 60_000;

const VERSION = 'v1';
const DAY_MS = 86_400_000;
const encoder = new TextEncoder();

/** The environment the lock reads: it is on only when SITE_LOCK_PASSWORD is set (non-empty). */
export interface SiteLockEnv {
  SITE_LOCK_PASSWORD?: string | undefined;
  /** Signing secret; when unset, one is derived from the password (changing it logs everyone out). */
  SITE_LOCK_SECRET?: string | undefined;
}

/** The password and the signing secret in force. */
export interface SiteLockKeys {
  password: string;
  secret: string;
}

/**
 * The lock's keys from the environment, or null when SITE_LOCK_PASSWORD is unset or empty (the
 * site is open). The secret is SITE_LOCK_SECRET or, if that is unset, the hex SHA-256 of a
 * labelled copy of the password.
 */
export async function siteLockKeys(env: SiteLockEnv): Promise<SiteLockKeys | null> {
  const password = env.SITE_LOCK_PASSWORD ?? '';
  if (password === '') return null;
  const secret = env.SITE_LOCK_SECRET || toHex(await sha256(`terrace-site-lock:${password}`));
  return { password, secret };
}

/** When a cookie issued at `now` expires: 60 days later (spec §9 SITE_LOCK_COOKIE_DAYS). */
export function siteLockExpiry(now: Date): Date {
  return new Date(now.getTime() + SITE_LOCK_COOKIE_DAYS * DAY_MS);
}

/** A signed cookie value for an entry at `now`, valid for 60 days. */
export async function signSiteLockCookie(secret: string, now: Date): Promise<string> {
  const payload = `${VERSION}.${siteLockExpiry(now).getTime()}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * Whether a cookie value is genuine (signed with `secret`, checked in constant time by Web Crypto)
 * and not expired at `now`. Missing, malformed, forged and expired values are all false.
 */
export async function verifySiteLockCookie(value: string | undefined, secret: string, now: Date): Promise<boolean> {
  if (!value) return false;
  const match = /^v1\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const signature = fromBase64Url(match[2] ?? '');
  if (signature === null) return false;
  const genuine = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, encoder.encode(`${VERSION}.${match[1]}`));
  return genuine && now.getTime() < expiresAt;
}

/**
 * Whether the typed password equals the expected one, in time independent of where they differ:
 * both are hashed (SHA-256) and the digests compared byte by byte without early exit.
 */
export async function passwordMatches(typed: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(typed), sha256(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** The value of cookie `name` in a Cookie request header, or undefined. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie header value for a signed entry: 60 days, whole site, HttpOnly, SameSite=Lax, Secure over https. */
export function siteLockSetCookie(value: string, secure: boolean): string {
  const maxAge = SITE_LOCK_COOKIE_DAYS * 86_400;
  return `${SITE_LOCK_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The same-site path to return to after the right password, given the requested path and query
 * (or any untrusted target): `target` itself when it is a plain path on this site, else '/'.
 * Refused: anything not starting with exactly one '/' ('//evil.example', 'https://evil.example',
 * 'javascript:…'), any backslash ('/\evil.example'), control characters or whitespace (browsers
 * drop tabs and newlines, so '/\t/evil.example' would become '//evil.example'), and targets whose
 * percent-decoding (repeated, up to three times) starts with '//' or '/\' or holds such characters.
 */
export function siteLockReturnPath(target: string): string {
  const unsafe = (path: string) => !path.startsWith('/') || path.startsWith('//') || /[\\\s\p{Cc}]/u.test(path);
  if (unsafe(target)) return '/';
  let decoded = target;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '/';
    }
    if (next === decoded) break;
    if (unsafe(next)) return '/';
    decoded = next;
  }
  const base = 'https://site.invalid';
  return new URL(target, base).origin === base ? target : '/';
}

/** A client's wrong passwords in the current failure window. */
export interface SiteLockFailures {
  /** Wrong passwords so far in this window. */
  count: number;
  /** When the window started (the first wrong password), ms since the epoch. */
  windowStartMs: number;
}

/**
 * The failures after one more wrong password at `now`: a new window of 1 when there was none or
 * the last one ended, else one more in the same window.
 */
export function recordSiteLockFailure(failures: SiteLockFailures | undefined, now: Date): SiteLockFailures {
  if (!failures || now.getTime() >= failures.windowStartMs + SITE_LOCK_FAILURE_WINDOW_MS) return { count: 1, windowStartMs: now.getTime() };
  return { count: failures.count + 1, windowStartMs: failures.windowStartMs };
}

/**
 * Seconds the client must wait before trying again (0: it may try now). A client that has sent
 * SITE_LOCK_MAX_FAILURES wrong passwords waits until its window ends (whole seconds, at least 1).
 */
export function siteLockRetryAfterSeconds(failures: SiteLockFailures | undefined, now: Date): number {
  if (!failures || failures.count < SITE_LOCK_MAX_FAILURES) return 0;
  const remainingMs = failures.windowStartMs + SITE_LOCK_FAILURE_WINDOW_MS - now.getTime();
  return remainingMs > 0 ? Math.max(1, Math.ceil(remainingMs / 1000)) : 0;
}
