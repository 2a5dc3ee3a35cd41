/**
 * A small browser-like cookie jar for API tests: keeps the cookies of Set-Cookie answers (name,
 * value, Path, flags), drops them on Max-Age=0, and sends only those whose Path matches the
 * request path — so tests see the refresh cookie's /api/refresh scope as a browser would.
 */

/** One stored cookie with the attributes tests assert. */
export interface StoredCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | undefined;
  maxAge: number | undefined;
  raw: string;
}

/** Parses one Set-Cookie header value. */
export function parseSetCookie(header: string): StoredCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: StoredCookie = {
    name: pair.slice(0, eq),
    value: decodeURIComponent(pair.slice(eq + 1)),
    path: '/',
    httpOnly: false,
    secure: false,
    sameSite: undefined,
    maxAge: undefined,
    raw: header,
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite':
        cookie.sameSite = value;
        break;
      case 'max-age':
        cookie.maxAge = Number(value);
        break;
    }
  }
  return cookie;
}

/** Whether a cookie with `cookiePath` is sent to `requestPath` (RFC 6265 §5.1.4). */
export function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** A cookie jar (see the file header). */
export class CookieJar {
  readonly cookies = new Map<string, StoredCookie>();

  /** Stores the Set-Cookie headers of `response`; returns them parsed. */
  take(response: Response): StoredCookie[] {
    const set = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of set) {
      const key = `${cookie.name}|${cookie.path}`;
      if (cookie.maxAge !== undefined && cookie.maxAge <= 0) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
    return set;
  }

  /** The Cookie header for a request to `path` (undefined when none match). */
  header(path: string): string | undefined {
    const pairs = [...this.cookies.values()].filter((c) => pathMatches(c.path, path)).map((c) => `${c.name}=${encodeURIComponent(c.value)}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  /** The value of the cookie `name` (any path). */
  get(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  /** A copy of this jar. */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [key, cookie] of this.cookies) copy.cookies.set(key, { ...cookie });
    return copy;
  }
}
