import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, LOCAL_GEO_COUNTRY_DEFAULT, localGeoCountry, negotiateEncoding } from '../../scripts/serve.mjs';
import { ERROR_FALLBACK_HEADING, errorFallbackDocument } from '../../src/lib/errorFallback';
import { writeSecurityHeaders } from '../../src/integrations/securityHeaders';

/** An inline script of the home page below, and its CSP hash source. */
const INLINE_SCRIPT = "document.documentElement.dataset.ready = 'true';";
const INLINE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;

/**
 * A small built site: the shapes Astro's directory format produces (plus the `_headers` the build
 * writes, and a `_redirects` file as a build may write one).
 */
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><title>Home</title><h1>Terrace</h1><script>${INLINE_SCRIPT}</script>`,
  'news/index.html': '<!doctype html><title>News</title><h1>News</h1>',
  '404.html': '<!doctype html><title>Not found</title><p>This page could not be found</p>',
  '500.html': '<!doctype html><title>Server error</title><p>Something went wrong on our side</p>',
  '_astro/app.abc123.js': `export const fixtures = ${JSON.stringify(
    Array.from({ length: 40 }, (_, i) => ({ id: i, home: 'Terrace FC', away: `Opponent ${i}` })),
  )};\n`,
  'media/news/a.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
  // Page assembly (src/lib/pageAssembly.ts): an article whose related news come from a fragment,
  // and one whose fragment is missing.
  'news/assembled/index.html':
    '<!doctype html><title>Assembled</title><div class="related"><!--terrace:related /_fragments/related/club/ skip=assembled take=4--></div>',
  '_fragments/related/club/index.html': '<!--terrace:item assembled--><p>itself</p><!--terrace:item other--><p>Other story</p><!--terrace:end-->',
  'news/broken/index.html': '<!doctype html><title>Broken</title><!--terrace:related /_fragments/related/gone/ skip=broken take=4-->',
  _redirects: '# Netlify syntax: from, to, status\n/from-the-build  /news/  302\n/info/accessibility  /news/  302\n',
};

let root: string;
let app: Hono;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'terrace-dist-'));
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  await writeSecurityHeaders(root, { trustedScripts: { [createHash('sha256').update(INLINE_SCRIPT).digest('base64')]: 'test page script' } });
  app = createApp({ root, verbose: false });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe('serve: static files', () => {
  it('serves the home page and directory indexes, with or without the trailing slash', async () => {
    const home = await app.request('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toContain('<h1>Terrace</h1>');

    for (const path of ['/news', '/news/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<h1>News</h1>');
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('falls back to 404.html with status 404', async () => {
    const res = await app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('This page could not be found');
  });

  it('does not escape the root', async () => {
    const res = await app.request('/..%2f..%2f..%2fetc%2fpasswd');
    expect(res.status).toBe(404);
  });

  it('serves hashed assets as immutable JavaScript', async () => {
    const res = await app.request('/_astro/app.abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe(FILES['_astro/app.abc123.js']);
  });

  it('answers HEAD without a body and refuses other methods on files', async () => {
    const head = await app.request('/news/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(FILES['news/index.html'] ?? '')));
    expect(await head.text()).toBe('');
    expect((await app.request('/news/', { method: 'POST' })).status).toBe(405);
  });
});

describe('serve: compression', () => {
  const source = FILES['_astro/app.abc123.js'] ?? '';

  it('sends brotli when accepted', async () => {
    const res = await app.request('/_astro/app.abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(source));
    expect(brotliDecompressSync(body).toString('utf8')).toBe(source);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await app.request('/_astro/app.abc123.js', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(source);
  });

  it('sends identity without Accept-Encoding, and never compresses tiny or binary bodies', async () => {
    const plain = await app.request('/_astro/app.abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const tiny = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
  });

  it('negotiates by q-value', () => {
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br, gzip')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(null)).toBe('identity');
  });
});

describe('serve: conditional requests', () => {
  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await app.request('/_astro/app.abc123.js');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await app.request('/_astro/app.abc123.js', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await again.text()).toBe('');

    const brotli = await app.request('/_astro/app.abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(brotli.headers.get('etag')).not.toBe(etag);
    const brotliAgain = await app.request('/_astro/app.abc123.js', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': `W/${brotli.headers.get('etag') ?? ''}` },
    });
    expect(brotliAgain.status).toBe(304);

    const stale = await app.request('/_astro/app.abc123.js', { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });
});

describe('serve: page assembly (src/lib/pageAssembly.ts, as netlify/edge-functions/page-assembly.ts)', () => {
  it('sends a page with directives assembled from its fragments, with an ETag of what it sent', async () => {
    const res = await app.request('/news/assembled/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toBe('<!doctype html><title>Assembled</title><div class="related"><p>Other story</p></div>');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toBe(`"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`);
    expect((await app.request('/news/assembled/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('assembles again when a fragment changes in place', async () => {
    const fragment = join(root, '_fragments/related/club/index.html');
    const before = await (await app.request('/news/assembled/')).text();
    writeFileSync(fragment, '<!--terrace:item newer--><p>Newer story</p><!--terrace:end-->');
    try {
      const after = await (await app.request('/news/assembled/')).text();
      expect(after).not.toBe(before);
      expect(after).toContain('<p>Newer story</p>');
    } finally {
      writeFileSync(fragment, FILES['_fragments/related/club/index.html'] ?? '');
    }
  });

  it('sends a fragment itself as it is, with its noindex header (the edge function runs on pages only)', async () => {
    const res = await app.request('/_fragments/related/club/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(FILES['_fragments/related/club/index.html']);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  it("answers a page that cannot be assembled with the site's 500 page, never cached: never half a page", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.request('/news/broken/');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain(INLINE_SCRIPT_SOURCE);
    expect(await res.text()).toBe(FILES['500.html']);
    expect(String(logged.mock.calls[0]?.[0])).toContain('/news/broken/');
  });

  it('answers HEAD of such a page with the 500 and its headers, without a body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.request('/news/broken/', { method: 'HEAD' });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('');
  });

  it("falls back to the error page's own fallback (spec §2), and says so in the log, when the build has no 500.html", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errorPage = join(root, '500.html');
    renameSync(errorPage, `${errorPage}.away`);
    try {
      const res = await app.request('/news/broken/');
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.text();
      expect(body).toBe(errorFallbackDocument());
      expect(body).toContain(`<h1>${ERROR_FALLBACK_HEADING}</h1>`);
      expect(logged.mock.calls.map((call) => String(call[0])).some((line) => line.includes('500.html'))).toBe(true);
    } finally {
      renameSync(`${errorPage}.away`, errorPage);
    }
  });
});

describe("serve: the build's _headers (Content-Security-Policy)", () => {
  it('sends the policy with the hash of the inline script, next to the netlify.toml headers, on pages and the 404 page', async () => {
    for (const path of ['/', '/news/', '/no/such/page']) {
      const res = await app.request(path);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain(INLINE_SCRIPT_SOURCE);
      expect(policy, path).not.toContain('unsafe-inline');
      expect(res.headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('does not serve _headers itself, as Netlify does not', async () => {
    const res = await app.request('/_headers');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Content-Security-Policy');
  });
});

describe("serve: the build's _redirects (parsed by @netlify/redirect-parser)", () => {
  it('applies its rules, before those of netlify.toml', async () => {
    const res = await app.request('/from-the-build');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/news/');
    // netlify.toml sends /info/accessibility to /accessibility with 301; the _redirects rule comes first.
    const first = await app.request('/info/accessibility');
    expect([first.status, first.headers.get('location')]).toEqual([302, '/news/']);
  });

  it('does not serve _redirects itself, as Netlify does not', async () => {
    expect((await app.request('/_redirects')).status).toBe(404);
  });
});

describe('serve: netlify.toml rules', () => {
  it('rewrites the image handler path to the media file (200, same URL)', async () => {
    const res = await app.request('/media/fit-in/400x400/news/a.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('max-age=86400');
    expect(await res.text()).toBe(FILES['media/news/a.svg']);
  });

  it('redirects legacy links', async () => {
    const res = await app.request('/privacypolicy');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/privacy-policy');
    const bare = await app.request('/match');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/matches');
  });

  it('hands /api/* to the registered "api" function with the original request', async () => {
    const withApi = createApp({
      root,
      verbose: false,
      functions: { api: (request) => Response.json({ path: new URL(request.url).pathname, method: request.method }) },
    });
    const res = await withApi.request('/api/entitlements', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ path: '/api/entitlements', method: 'POST' });
    expect((await app.request('/api/entitlements')).status).toBe(404);
  });

  it("gives the function the configured country as Netlify's geolocation, never a client's x-nf-geo header", async () => {
    const geoOf = (env: Record<string, string | undefined>) =>
      createApp({ root, verbose: false, env, functions: { api: (_request, context) => Response.json(context.geo ?? null) } });
    const forged = { headers: { 'x-nf-geo': JSON.stringify({ country: { code: 'FR' } }) } };
    expect(await (await geoOf({}).request('/api/session/check', forged)).json()).toEqual({ country: { code: LOCAL_GEO_COUNTRY_DEFAULT } });
    expect(await (await geoOf({ LOCAL_GEO_COUNTRY: 'ie' }).request('/api/session/check', forged)).json()).toEqual({ country: { code: 'IE' } });
    expect(await (await geoOf({ LOCAL_GEO_COUNTRY: 'none' }).request('/api/session/check', forged)).json()).toBeNull();
    expect(() => geoOf({ LOCAL_GEO_COUNTRY: 'France' })).toThrow(/LOCAL_GEO_COUNTRY/);
    expect(LOCAL_GEO_COUNTRY_DEFAULT).toBe('GB');
    expect(localGeoCountry({ LOCAL_GEO_COUNTRY: ' ' })).toBe('GB');
  });

  it('lets routes added to the app later take precedence over the static layer', async () => {
    const extended = createApp({ root, verbose: false });
    extended.get('/api/health', (c) => c.json({ ok: true }));
    expect(await (await extended.request('/api/health')).json()).toEqual({ ok: true });
    expect((await extended.request('/news/')).status).toBe(200);
  });
});
