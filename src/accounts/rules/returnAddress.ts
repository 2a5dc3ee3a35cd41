/**
 * The return address of spec §4 Sign-in, followed once and only to an allowed host (no open
 * redirect, no identity token to strangers). The list is RETURN_HOSTS (hosts or origins); the site's
 * own host is always on it. Accepted: a site path ('/videos', never '//host' or '/\host') or an
 * absolute URL without credentials on the site's origin, or https on a listed host. Anything else
 * (javascript:, data:, control characters, backslashes, spaces) is null. Pure.
 */
import { safeHref } from '../../lib/escape.ts';

/** A host name (letters, digits, dots, hyphens) with an optional port. */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** The allow-list: `configured` (RETURN_HOSTS) read as lower-case hosts, plus the site's own. */
export function returnHosts(configured: string | undefined, siteOrigin: string): string[] {
  const hosts = new Set([new URL(siteOrigin).host.toLowerCase()]);
  for (const part of (configured ?? '').split(',')) {
    const host = part
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/$/, '');
    if (HOST.test(host)) hosts.add(host);
  }
  return [...hosts];
}

/**
 * The absolute URL to return to, or null when `candidate` may not be followed.
 * `siteOrigin` is the site's own origin ('https://www.club.example'); `hosts` comes from
 * {@link returnHosts}.
 */
export function allowedReturnAddress(candidate: string | null | undefined, options: { siteOrigin: string; hosts: readonly string[] }): string | null {
  const href = safeHref(candidate);
  if (href === undefined || !/^(\/|https?:)/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, options.siteOrigin);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (url.origin === new URL(options.siteOrigin).origin) return url.href;
  return url.protocol === 'https:' && options.hosts.includes(url.host.toLowerCase()) ? url.href : null;
}

/** A return address kept until the next sign-in: where to go, and whether to leave the identity token off. */
export interface StoredReturn {
  returnTo: string;
  suppressToken: boolean;
}

/** Reads a stored return address (its JSON text), or null when absent or malformed. */
export function readStoredReturn(text: string | null): StoredReturn | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { returnTo, suppressToken } = value as Record<string, unknown>;
    return typeof returnTo === 'string' ? { returnTo, suppressToken: suppressToken === true } : null;
  } catch {
    return null;
  }
}

/**
 * The return address a sign-in link asks for (`?returnTo=…&suppressToken=true` on
 * /account/login), or null when it names none.
 */
export function returnRequestOf(search: string): StoredReturn | null {
  const query = new URLSearchParams(search);
  const returnTo = query.get('returnTo');
  return returnTo ? { returnTo, suppressToken: query.get('suppressToken') === 'true' } : null;
}
