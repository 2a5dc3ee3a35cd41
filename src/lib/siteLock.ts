/**
 * Site lock for development environments (spec §2 Site lock page, §5 "Entry sets a 60-day
 * cookie", §6 Development visitor, §9 site-lock cookie 60 days; ARCHITECTURE "Seed behaviours we
 * deliberately do better"): the password comes from the environment and is checked on the server
 * in constant time; entry is remembered in a cookie signed with HMAC-SHA-256 (Web Crypto), so the
 * password never reaches the browser and the cookie cannot be forged.
 *
 * Cookie value: `v1.{expiresAtMs}.{signature}`, the signature being the base64url HMAC-SHA-256 of
 * `v1.{expiresAtMs}` under the secret. A cookie is valid until expiresAtMs (60 days after entry).
 *
 * Runs unchanged in Netlify Edge Functions (Deno), Node 24 (scripts/serve.mjs) and Vitest: only
 * Web Crypto and explicit `.ts` import paths.
 */
import { SITE_LOCK_COOKIE_DAYS } from './constants.ts';

/** Name of the cookie remembering that the visitor entered the password. */
export const SITE_LOCK_COOKIE = 'site_lock';
/** Name of the lock form's password field. */
export const SITE_LOCK_PASSWORD_FIELD = 'password';

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
