/**
 * The stored return address (spec §4 Sign-in: "If a stored return address exists, redirect there
 * and clear it and the suppress flag"; accounts contract "Return address"): kept in
 * sessionStorage (RETURN_ADDRESS_KEY, JSON of src/accounts/rules/returnAddress StoredReturn), written only
 * for an address on the allow-list — RETURN_HOSTS, given once through `configureReturnHosts`,
 * plus the site's own host — and checked again when taken. Light, so /account/* pages can store
 * one before their island wakes; following it (with the identity token) is src/stores/signIn.
 */
import { allowedReturnAddress, readStoredReturn, returnHosts, type StoredReturn } from '../accounts/rules/returnAddress';

/** sessionStorage key of the stored return address. */
export const RETURN_ADDRESS_KEY = 'terrace.returnTo';

let configuredHosts: string | undefined;

/** Sets the configured allow-list (RETURN_HOSTS, comma-separated; the site's own host is always on it). */
export function configureReturnHosts(configured: string | undefined): void {
  configuredHosts = configured;
}

/** The site's own origin, or null outside a browser. */
export function siteOrigin(): string | null {
  return typeof location === 'undefined' ? null : location.origin;
}

/** `candidate` as an absolute URL when it is on the allow-list, else null. */
export function allowedReturn(candidate: string): string | null {
  const origin = siteOrigin();
  return origin === null ? null : allowedReturnAddress(candidate, { siteOrigin: origin, hosts: returnHosts(configuredHosts, origin) });
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Stores a return address for the next sign-in when it is on the allow-list; resolves to whether it was. */
export function rememberReturnAddress(request: StoredReturn): boolean {
  if (allowedReturn(request.returnTo) === null) return false;
  try {
    session()?.setItem(RETURN_ADDRESS_KEY, JSON.stringify(request));
    return true;
  } catch {
    return false;
  }
}

/** Takes the stored return address out (once): its allowed absolute URL and suppress flag, or null. */
export function takeStoredReturn(): { target: string; suppressToken: boolean } | null {
  const store = session();
  const stored = readStoredReturn(store?.getItem(RETURN_ADDRESS_KEY) ?? null);
  store?.removeItem(RETURN_ADDRESS_KEY);
  const target = stored ? allowedReturn(stored.returnTo) : null;
  return stored && target ? { target, suppressToken: stored.suppressToken } : null;
}

/** The stored return address if it is on the site itself (a hosted sign-in can come back there), else '/'. */
export function hostedReturnPath(): string {
  const stored = readStoredReturn(session()?.getItem(RETURN_ADDRESS_KEY) ?? null);
  const target = stored ? allowedReturn(stored.returnTo) : null;
  if (target === null || new URL(target).origin !== siteOrigin()) return '/';
  const url = new URL(target);
  return `${url.pathname}${url.search}${url.hash}`;
}
