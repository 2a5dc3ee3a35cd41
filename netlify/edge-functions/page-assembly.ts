/**
 * Netlify Edge Function: page assembly (docs/publishing.md "Includes"). GET and HEAD answers of
 * pages carrying ASSEMBLY_MARK are joined with their /_fragments/ (src/lib/pageAssembly.ts), so
 * every URL answers the HTML a full render gives; anything else passes untouched. Assembled: the
 * page's headers without the file's length, encoding and validators, a strong ETag (304 on a match)
 * and ASSEMBLED_CDN_CACHE_CONTROL. Not assemblable: logged, 500 with /500.html, `no-store`.
 * Fragments are fetched with the visitor's Cookie (the site lock runs on them).
 */
import {
  assemblyFailedResponse,
  AssemblyError,
  ASSEMBLY_MARK,
  assemblePage,
  mayCarryDirectives,
  SERVER_ERROR_PAGE,
  type FragmentReader,
} from '../../src/lib/pageAssembly.ts';
import { etagMatches } from '../../src/lib/etag.ts';

/** The rest of the chain (Netlify `context.next()`); given a request, the chain continues with that one instead. */
export type NextHandler = (request?: Request) => Promise<Response>;

/** Answers a request, with `next` for the page the site would serve. */
export type PageAssemblyHandler = (request: Request, next: NextHandler) => Promise<Response>;

/** Netlify's CDN keeps an assembled page until the next deploy (Netlify's default for static files; see the header). */
const ASSEMBLED_CDN_CACHE_CONTROL = 'public, s-maxage=31536000, must-revalidate';

/** Caching headers Netlify's CDN obeys before Cache-Control (https://docs.netlify.com/build/caching/caching-overview/). */
const CDN_CACHE_HEADERS = ['netlify-cdn-cache-control', 'cdn-cache-control'] as const;

/** Headers of the file that do not hold for the assembled page. */
const FILE_ONLY_HEADERS = ['content-length', 'content-encoding', 'etag', 'last-modified'] as const;

/** A strong ETag of an assembled page: the first 27 base64url characters of its SHA-256 (as scripts/serve.mjs). */
async function pageETag(page: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(page)));
  const base64 = btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `"${base64.slice(0, 27)}"`;
}

/** The headers of a page for a response other than the file: without the file's length, encoding and validators. */
function pageHeaders(response: Response): Headers {
  const headers = new Headers(response.headers);
  for (const name of FILE_ONLY_HEADERS) headers.delete(name);
  return headers;
}

/** Whether a response is an HTML page. */
function isHtml(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return (type.split(';')[0] ?? '').trim().toLowerCase() === 'text/html';
}

/**
 * The handler, fetching fragments and the error page with `fetchImpl` (the platform's fetch in
 * production, a fake in tests). Rejects only for errors other than AssemblyError (a bug), which
 * Netlify answers with its error page.
 */
export function createPageAssembly(fetchImpl: typeof fetch): PageAssemblyHandler {
  async function assembled(request: Request, next: NextHandler): Promise<Response> {
    const response = await (request.method === 'HEAD' ? next(new Request(request, { method: 'GET' })) : next());
    if (response.status !== 200 || !isHtml(response)) return response;
    const html = await response.clone().text();
    if (!html.includes(ASSEMBLY_MARK)) return response;
    await response.body?.cancel();

    const cookie = request.headers.get('cookie');
    const read: FragmentReader = async (path) => {
      const fragment = await fetchImpl(new URL(path, request.url), { headers: cookie === null ? {} : { cookie } });
      if (fragment.status !== 200) {
        await fragment.body?.cancel();
        throw new Error(`GET ${path} answered ${fragment.status}`);
      }
      return fragment.text();
    };
    let page: string;
    try {
      page = await assemblePage(html, read);
    } catch (error) {
      if (!(error instanceof AssemblyError)) throw error;
      console.error(`Page assembly failed for ${request.url}:`, error);
      return serverError(request, pageHeaders(response), cookie);
    }
    const headers = pageHeaders(response);
    headers.set('Netlify-CDN-Cache-Control', ASSEMBLED_CDN_CACHE_CONTROL);
    // A strong validator of the page as sent, so a browser's revalidation costs a 304, not the page.
    const etag = await pageETag(page);
    headers.set('ETag', etag);
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    return new Response(page, { status: 200, statusText: response.statusText, headers });
  }

  /**
   * The 500 of a page that cannot be assembled: the site's /500.html with `headers` (the page's),
   * never cached; plain text when /500.html cannot be had (logged).
   */
  async function serverError(request: Request, headers: Headers, cookie: string | null): Promise<Response> {
    const url = new URL(SERVER_ERROR_PAGE, request.url);
    try {
      const page = await fetchImpl(url, { headers: cookie === null ? {} : { cookie } });
      if (page.status === 200 && isHtml(page)) {
        headers.set('Content-Type', 'text/html; charset=utf-8');
        headers.set('Cache-Control', 'no-store');
        // Netlify's CDN reads these before Cache-Control: none may keep the 500.
        for (const name of CDN_CACHE_HEADERS) headers.delete(name);
        return new Response(await page.text(), { status: 500, headers });
      }
      await page.body?.cancel();
      console.error(`The error page ${url.href} answered ${page.status} ${page.headers.get('content-type') ?? ''}: a plain-text 500 for ${request.url}`);
    } catch (error) {
      console.error(`The error page ${url.href} could not be fetched: a plain-text 500 for ${request.url}:`, error);
    }
    return assemblyFailedResponse();
  }

  return async (request, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // Pages that never carry a directive go out as the chain answers them, unread.
    if (!mayCarryDirectives(new URL(request.url).pathname)) return next();
    const response = await assembled(request, next);
    if (request.method === 'GET') return response;
    await response.body?.cancel();
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** What this function uses of Netlify's `Context`. */
export interface PageAssemblyContext {
  next(request?: Request): Promise<Response>;
}

const handler = createPageAssembly((input, init) => globalThis.fetch(input, init));

/** The edge function: fragments and the error page fetched with the platform's fetch, the page from `context.next()`. */
export default function pageAssembly(request: Request, context: PageAssemblyContext): Promise<Response> {
  return handler(request, (forwarded) => (forwarded ? context.next(forwarded) : context.next()));
}
