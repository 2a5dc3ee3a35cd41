/**
 * The page-assembly edge function (netlify/edge-functions/page-assembly.ts) with a fake fetch for
 * the fragments and a fake next() for the page: pages without directives, other content and other
 * statuses go out untouched, and pages on paths that never carry a directive (mayCarryDirectives)
 * go out unread; a page with directives goes out assembled, its fragments fetched with the
 * visitor's cookie, without the file's length and validators, cached by the CDN until the next
 * deploy; a missing fragment gives the site's own 500 page (plain text when that cannot be had),
 * never cached; HEAD answers as GET would. And netlify.toml declares it where it is needed, after
 * the site lock, not on the error page it fetches, with its fragments kept out of search engines.
 */
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pageAssemblyEdge, { createPageAssembly, type NextHandler } from '../../netlify/edge-functions/page-assembly';
import { errorFallbackDocument } from '../../src/lib/errorFallback';
import { SERVER_ERROR_PAGE } from '../../src/lib/pageAssembly';
import { headersFor, loadNetlifyConfig } from '../../scripts/netlify-config.mjs';
import { CONFIG_PATH } from './builtHeaders';

const SITE = 'https://www.stokecity.example';
const RELATED = '/_fragments/related/x/';
const FRAGMENT = '<!--terrace:item a-->A<!--terrace:item b-->B<!--terrace:end-->';
const MARKED_PAGE = `<p><!--terrace:related ${RELATED} skip=a take=4--></p>`;
const COOKIE = 'terrace_site_lock=v1.signed; theme=dark';
/** The built 500.html (src/pages/500.astro), as the site serves it. */
const ERROR_PAGE = '<!doctype html><title>Server error</title><h1>Something went wrong</h1>';

/** A page response as the publish directory serves it. */
function page(body: string, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(new TextEncoder().encode(body).byteLength),
      ETag: '"file-etag"',
      'Last-Modified': 'Sat, 01 Nov 2025 10:00:00 GMT',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/**
 * A fake fetch serving `files` (site path → body) with 200 (.html files as text/html) and anything
 * else with 404; records each request.
 */
function site(files: Record<string, string>) {
  const requests: { url: string; cookie: string | null }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push({ url: url.href, cookie: new Headers(init?.headers).get('cookie') });
    const body = files[url.pathname];
    if (body === undefined) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    return new Response(body, { status: 200, headers: url.pathname.endsWith('.html') ? { 'Content-Type': 'text/html; charset=utf-8' } : {} });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, requests };
}

/** A 200 HTML page whose body records whether anything read it (a stream pulled only on demand). */
function watchedPage(body: string) {
  let read = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { response: new Response(stream, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } }), wasRead: () => read };
}

/** A fake next() answering `response`, recording the request it was given (if any). */
function nextAnswering(response: Response) {
  const forwarded: (Request | undefined)[] = [];
  const next: NextHandler = async (request) => {
    forwarded.push(request);
    return response;
  };
  return { next, forwarded };
}

function get(path: string, method = 'GET', cookie: string | null = COOKIE): Request {
  return new Request(`${SITE}${path}`, { method, headers: cookie === null ? {} : { cookie } });
}

afterEach(() => vi.restoreAllMocks());

describe('page assembly at the edge: what passes through untouched', () => {
  it('passes a page without directives through unchanged, with its headers, and fetches nothing', async () => {
    const { fetchImpl, requests } = site({});
    const original = page('<p>No directives here</p>');
    const expectedHeaders = [...original.headers];
    const response = await createPageAssembly(fetchImpl)(get('/news/report-without-related'), nextAnswering(original).next);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>No directives here</p>');
    expect([...response.headers]).toEqual(expectedHeaders);
    expect(requests).toEqual([]);
  });

  it('passes responses that are not 200 HTML through untouched, directives and all', async () => {
    const { fetchImpl, requests } = site({ [RELATED]: FRAGMENT });
    const cases = [
      new Response(MARKED_PAGE, { status: 200, headers: { 'Content-Type': 'application/rss+xml' } }),
      new Response(MARKED_PAGE, { status: 200 }),
      page(MARKED_PAGE, {}, 404),
      new Response(null, { status: 301, headers: { Location: '/news/report-x' } }),
      page(MARKED_PAGE, {}, 206),
    ];
    for (const original of cases) {
      const response = await createPageAssembly(fetchImpl)(get('/news/report-x'), nextAnswering(original).next);
      expect(response).toBe(original);
    }
    expect(requests).toEqual([]);
  });

  it('sends pages on paths that never carry a directive as the chain answers them, without reading them', async () => {
    const { fetchImpl, requests } = site({ [RELATED]: FRAGMENT });
    for (const path of ['/news/', '/news', '/news/2025/08/', '/news/2025/08/09', '/category/first-team/']) {
      for (const method of ['GET', 'HEAD']) {
        const { response, wasRead } = watchedPage(MARKED_PAGE);
        const { next, forwarded } = nextAnswering(response);
        expect(await createPageAssembly(fetchImpl)(get(path, method), next), `${method} ${path}`).toBe(response);
        expect(wasRead(), `${method} ${path}`).toBe(false);
        expect(forwarded, `${method} ${path}`).toEqual([undefined]);
      }
    }
    expect(requests).toEqual([]);
    // The same page on an article's path is read (and assembled): the watch sees reads.
    const { response, wasRead } = watchedPage(MARKED_PAGE);
    expect(await (await createPageAssembly(fetchImpl)(get('/news/a'), nextAnswering(response).next)).text()).toBe('<p>B</p>');
    expect(wasRead()).toBe(true);
  });

  it('leaves methods other than GET and HEAD to the rest of the chain', async () => {
    const { fetchImpl, requests } = site({ [RELATED]: FRAGMENT });
    const original = page(MARKED_PAGE);
    const { next, forwarded } = nextAnswering(original);
    const response = await createPageAssembly(fetchImpl)(get('/news/report-x', 'POST'), next);
    expect(response).toBe(original);
    expect(forwarded).toEqual([undefined]);
    expect(requests).toEqual([]);
  });
});

describe('page assembly at the edge: a page with directives', () => {
  it("puts the fragment's cards in, skipping the article itself", async () => {
    const { fetchImpl } = site({ [RELATED]: FRAGMENT });
    const response = await createPageAssembly(fetchImpl)(get('/news/a'), nextAnswering(page(MARKED_PAGE)).next);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>B</p>');
  });

  it('assembles the later pages of a category listing', async () => {
    const { fetchImpl } = site({ [RELATED]: FRAGMENT });
    const response = await createPageAssembly(fetchImpl)(get('/category/first-team/page/2/'), nextAnswering(page(MARKED_PAGE)).next);
    expect(await response.text()).toBe('<p>B</p>');
  });

  it('fetches each fragment from the same site with the visitor’s cookie, for the site lock', async () => {
    const { fetchImpl, requests } = site({ [RELATED]: FRAGMENT });
    await createPageAssembly(fetchImpl)(get('/news/a?ref=home'), nextAnswering(page(MARKED_PAGE)).next);
    expect(requests).toEqual([{ url: `${SITE}${RELATED}`, cookie: COOKIE }]);
  });

  it('sends no cookie when the visitor has none', async () => {
    const { fetchImpl, requests } = site({ [RELATED]: FRAGMENT });
    await createPageAssembly(fetchImpl)(get('/news/a', 'GET', null), nextAnswering(page(MARKED_PAGE)).next);
    expect(requests.map((r) => r.cookie)).toEqual([null]);
  });

  it("keeps the page's headers but drops the file's length, encoding and validators for its own ETag", async () => {
    const { fetchImpl } = site({ [RELATED]: FRAGMENT });
    const original = page(MARKED_PAGE, { 'Content-Encoding': 'identity' });
    const response = await createPageAssembly(fetchImpl)(get('/news/a'), nextAnswering(original).next);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of ['content-length', 'content-encoding', 'last-modified']) expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers.get('etag')).not.toBe('"file-etag"');
  });

  it('answers 304 to a revalidation with the ETag of the assembled page, and 200 when a fragment changed', async () => {
    const first = await createPageAssembly(site({ [RELATED]: FRAGMENT }).fetchImpl)(get('/news/a'), nextAnswering(page(MARKED_PAGE)).next);
    const etag = first.headers.get('etag') ?? '';
    const revalidate = () => {
      const request = get('/news/a');
      request.headers.set('If-None-Match', `W/${etag}`);
      return request;
    };
    const same = await createPageAssembly(site({ [RELATED]: FRAGMENT }).fetchImpl)(revalidate(), nextAnswering(page(MARKED_PAGE)).next);
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    const changed = FRAGMENT.replace('<!--terrace:item b-->B', '<!--terrace:item b-->B2');
    expect(changed).not.toBe(FRAGMENT);
    const fresh = await createPageAssembly(site({ [RELATED]: changed }).fetchImpl)(revalidate(), nextAnswering(page(MARKED_PAGE)).next);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
  });

  it("is kept by Netlify's CDN (until the next deploy discards it), while browsers revalidate", async () => {
    const { fetchImpl } = site({ [RELATED]: FRAGMENT });
    const response = await createPageAssembly(fetchImpl)(get('/news/a'), nextAnswering(page(MARKED_PAGE)).next);
    const cdn = response.headers.get('netlify-cdn-cache-control') ?? '';
    expect(cdn).toMatch(/\bpublic\b/);
    expect(Number(/s-maxage=(\d+)/.exec(cdn)?.[1])).toBeGreaterThan(0);
    expect(cdn).not.toMatch(/durable/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=0/);
  });
});

describe('page assembly at the edge: never half a page', () => {
  it("answers 500 with the site's own error page, not cached, when a fragment is missing, and logs the URL", async () => {
    const { fetchImpl, requests } = site({ '/500.html': ERROR_PAGE });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { next, forwarded } = nextAnswering(page(MARKED_PAGE));
    const response = await createPageAssembly(fetchImpl)(get('/news/a'), next);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of ['netlify-cdn-cache-control', 'etag', 'last-modified', 'content-length']) expect(response.headers.get(name), name).toBeNull();
    expect(await response.text()).toBe(ERROR_PAGE);
    // Fetched from the site (with the cookie, for the site lock), not from this request's chain.
    expect(requests).toContainEqual({ url: `${SITE}/500.html`, cookie: COOKIE });
    expect(forwarded).toEqual([undefined]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain(`${SITE}/news/a`);
  });

  it("answers 500 with the error page's own fallback, not cached, only when the error page cannot be had, and logs that", async () => {
    const notHtml = async (input: RequestInfo | URL) =>
      String(input).endsWith(SERVER_ERROR_PAGE) ? Response.json({}) : new Response('Not found', { status: 404 });
    const failures: [string, typeof fetch][] = [
      ['a 404', site({}).fetchImpl],
      ['not HTML', notHtml as unknown as typeof fetch],
      ['a network error', (async () => Promise.reject(new TypeError('network down'))) as unknown as typeof fetch],
    ];
    for (const [what, fetchImpl] of failures) {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const response = await createPageAssembly(fetchImpl)(get('/news/a'), nextAnswering(page(MARKED_PAGE)).next);
      expect(response.status, what).toBe(500);
      expect(response.headers.get('content-type'), what).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), what).toBe('no-store');
      expect(response.headers.get('netlify-cdn-cache-control'), what).toBeNull();
      expect(await response.text(), what).toBe(errorFallbackDocument());
      expect(logged, what).toHaveBeenCalledTimes(2);
      expect(String(logged.mock.calls[1]?.[0]), what).toContain(`${SITE}/500.html`);
      logged.mockRestore();
    }
  });

  it('answers 500 when a fragment fetch is not a 200, whatever its body (the site lock answers 401 without the cookie)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchImpl = (async () => new Response(FRAGMENT, { status: 401, headers: { 'Content-Type': 'text/html' } })) as unknown as typeof fetch;
    const response = await createPageAssembly(fetchImpl)(get('/news/a', 'GET', null), nextAnswering(page(MARKED_PAGE)).next);
    expect(response.status).toBe(500);
  });

  it('answers 500 for a malformed fragment', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchImpl } = site({ [RELATED]: '<!--terrace:item a-->A' });
    const response = await createPageAssembly(fetchImpl)(get('/news/a'), nextAnswering(page(MARKED_PAGE)).next);
    expect(response.status).toBe(500);
  });
});

describe('page assembly at the edge: HEAD', () => {
  it('answers HEAD with the headers its GET would have, from a GET down the chain, without a body', async () => {
    const { fetchImpl } = site({ [RELATED]: FRAGMENT });
    const { next, forwarded } = nextAnswering(page(MARKED_PAGE));
    const response = await createPageAssembly(fetchImpl)(get('/news/a', 'HEAD'), next);
    expect(forwarded.map((request) => request?.method)).toEqual(['GET']);
    expect(forwarded[0]?.headers.get('cookie')).toBe(COOKIE);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers.get('netlify-cdn-cache-control')).not.toBeNull();
    expect(await response.text()).toBe('');
  });

  it('answers HEAD 500 with the error page’s headers when its GET would fail, without a body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetchImpl } = site({ '/500.html': ERROR_PAGE });
    const response = await createPageAssembly(fetchImpl)(get('/news/a', 'HEAD'), nextAnswering(page(MARKED_PAGE)).next);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('');
  });
});

describe('page assembly at the edge: the default export', () => {
  it('gets the page from context.next() and the fragments with the global fetch', async () => {
    const fetchMock = vi.fn(async () => new Response(FRAGMENT, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const next = vi.fn(async () => page(MARKED_PAGE));
      const response = await pageAssemblyEdge(get('/news/a'), { next });
      expect(await response.text()).toBe('<p>B</p>');
      expect(next).toHaveBeenCalledWith();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('netlify.toml: page assembly', () => {
  const toml = parseToml(readFileSync(CONFIG_PATH, 'utf8')) as {
    edge_functions?: { function: string; path: string; excludedPath?: string | string[]; cache?: string }[];
  };
  const functions = toml.edge_functions ?? [];
  const assembly = functions.filter((f) => f.function === 'page-assembly');

  it('runs on the news pages and the later category pages, not on the feed, after the site lock', () => {
    expect(assembly.map((f) => f.path).sort()).toEqual(['/category/*/page/*', '/news/*']);
    expect(assembly.find((f) => f.path === '/news/*')?.excludedPath).toBe('/news/rss.xml');
    const lock = functions.findIndex((f) => f.function === 'site-lock');
    expect(lock).toBeGreaterThanOrEqual(0);
    for (const f of assembly) expect(functions.indexOf(f)).toBeGreaterThan(lock);
  });

  it('does not run on the error page it fetches, so a failed page never comes back to it', () => {
    for (const f of assembly) {
      const paths = new URLPattern({ pathname: f.path });
      expect(paths.test({ pathname: SERVER_ERROR_PAGE }), f.path).toBe(false);
      expect(paths.test({ pathname: f.path === '/news/*' ? '/news/a' : '/category/first-team/page/2' }), f.path).toBe(true);
    }
  });

  it('opts in to response caching, which Netlify runs after the functions that do not (the lock)', () => {
    for (const f of assembly) expect(f.cache, f.path).toBe('manual');
    expect(functions.find((f) => f.function === 'site-lock')?.cache).toBeUndefined();
  });

  it('keeps the fragments out of search engines, each header from one rule', () => {
    const config = loadNetlifyConfig(CONFIG_PATH);
    for (const path of ['/_fragments/related/first-team/', '/_fragments/news/count.json']) {
      expect(headersFor(config, path)['X-Robots-Tag'], path).toBe('noindex');
      const names = config.headers.filter((rule) => rule.pattern.test(path)).flatMap((rule) => Object.keys(rule.values).map((n) => n.toLowerCase()));
      expect(new Set(names).size, path).toBe(names.length);
    }
    expect(headersFor(config, '/news/report-x')['X-Robots-Tag']).toBeUndefined();
  });
});
