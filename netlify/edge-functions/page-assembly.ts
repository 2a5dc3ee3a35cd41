/**
 * Netlify Edge Function: page assembly (docs/publishing.md "Includes"). The build
 * writes an article's related news and a later listing page's cards as `<!--terrace:` directives,
 * and the cards themselves as fragments under /_fragments/; this function joins them on the way
 * out with src/lib/pageAssembly.ts, so every URL answers with the HTML a full render gives.
 * scripts/serve.mjs does the same locally. Declared in netlify.toml ([[edge_functions]]: the
 * /news/ paths and the later category listing pages, after the site lock).
 *
 * For GET and HEAD, a path where no page carries a directive (mayCarryDirectives: the /news
 * index, the dated archives /news/:year/:month[/:day], the feed) gets the rest of the chain's
 * response (`context.next()`) as it is, its body never read. Elsewhere the page comes from the
 * rest of the chain (`context.next()`, which by default sends no conditional request headers, so
 * a page is always a full 200). Then:
 * - a response that is not 200 text/html, or a page without ASSEMBLY_MARK, goes out untouched;
 * - a page with directives goes out assembled, with the page's headers minus those that describe
 *   the file rather than the page sent (Content-Length, Content-Encoding, and the validators ETag
 *   and Last-Modified: they would let a cache keep the page after a fragment changed), plus
 *   Netlify-CDN-Cache-Control (below) and a strong ETag of the assembled page; a request whose
 *   If-None-Match lists it is answered 304;
 * - a page that cannot be assembled (a malformed directive or fragment, a fragment that is not a
 *   200) is logged with its URL and answered 500 with the site's own error page, /500.html
 *   (src/pages/500.astro): `Content-Type: text/html; charset=utf-8`, `Cache-Control: no-store`,
 *   the page's other headers (its security headers) minus the file's; never half a page. Only when
 *   /500.html cannot be had (not a 200 HTML page, or the fetch fails: logged) is the 500 the
 *   error page's own fallback (src/lib/errorFallback, spec §2).
 * A HEAD request is answered as its GET would be, without the body: HEAD of the file would give
 * the file's length and no way to know whether the page assembles.
 * Fragments and /500.html are fetched from the site with the visitor's Cookie header: a fetch from
 * an edge function starts a new request chain, which runs the edge functions declared for the
 * fetched path (Netlify's changelog "New syntax for rewrites in Edge Functions",
 * https://ntl.fyi/edge-rewrite, "Transforming a page": to return a transformed version of another
 * path, fetch it; the edge functions configured for that path run), so the site lock
 * (netlify/edge-functions/site-lock.ts) needs its cookie there too, and /500.html, outside this
 * function's paths (netlify.toml), never comes back here: no loop. Not a rewrite (returning
 * `new URL('/500.html', …)`): that answers "with a 200 status code"
 * (https://docs.netlify.com/build/edge-functions/api/); nor `context.next()`, documented as
 * continuing this request's chain (same page, "Modify a response"), not as fetching another path.
 * Other methods go down the chain untouched.
 *
 * CDN caching (netlify.toml: `cache = "manual"`). Edge function responses are cached only when the
 * function opts in with `cache = "manual"` AND the response carries caching headers
 * (https://docs.netlify.com/build/edge-functions/optional-configuration/#response-caching); by
 * default such cached responses respect atomic deploys: a new deploy in the same deploy context
 * discards them, whatever their s-maxage (same page, "Supported headers"; and
 * https://docs.netlify.com/build/caching/caching-overview/#automatic-invalidation-with-atomic-deploys).
 * Fragments change only with a deploy, so an assembled page is cached like the static file it
 * replaces, with the value Netlify uses by default for static files (caching overview, "Default
 * values"): ASSEMBLED_CDN_CACHE_CONTROL, which browsers never see; they keep the page's own
 * Cache-Control (revalidate every time). No `durable`: it "has no effect on responses from Netlify
 * Edge Functions" (caching overview, "Durable directive"). No stale-while-revalidate either: a
 * deploy discards cached responses outright, and nothing else ends a year's s-maxage. Functions
 * configured for caching run after every function that is not
 * (https://docs.netlify.com/build/edge-functions/declarations/#declaration-processing-order), so
 * the site lock still runs first on every request and the cache answers only behind it (the
 * documented order; not yet observed on a deploy). Query strings are part of the cache key by default (caching overview).
 * Responses passed through keep the caching headers they came with; the 500 is never cached.
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
