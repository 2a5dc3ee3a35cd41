import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';

/**
 * The built site as production serves it (netlify.toml through scripts/serve.mjs):
 * headers, caching, legacy redirects, the 404 page, and a CSP the pages live with.
 */

test('home page is served with the security headers and revalidation', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers.etag).toBeTruthy();

  const again = await request.get('/', { headers: { 'If-None-Match': headers.etag ?? '' } });
  expect(again.status()).toBe(304);
});

test('hashed assets are immutable and text is compressed', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = html.match(/\/_astro\/[^"'\s)]+\.(?:js|css)/)?.[0];
  expect(asset, 'the home page references an /_astro asset').toBeDefined();
  const res = await request.get(asset ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const size = Number(res.headers()['content-length'] ?? '0');
  if (size >= 256) expect(res.headers()['content-encoding']).toBe('br');
});

test('legacy links redirect permanently', async ({ request }) => {
  for (const [from, to] of [
    ['/privacypolicy', '/privacy-policy'],
    ['/info/accessibility', '/accessibility'],
    ['/info/contact-us', '/contact'],
  ] as const) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
});

test('unknown paths get the 404 page with status 404', async ({ page }) => {
  const res = await page.goto('/this-page-does-not-exist-4f2c');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
});

test('the home page runs under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

/*
 * Caching and compression over the real build: what Netlify will send, as
 * scripts/serve.mjs applies netlify.toml. Hashed /_astro assets are cached for a year and
 * immutable; everything whose name does not change with its content (HTML, media, feeds,
 * the Pagefind and Partytown runtimes, robots.txt, sitemaps) revalidates; text is compressed.
 */
test.describe('caching and compression over the build', () => {
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  const REVALIDATE = 'public, max-age=0, must-revalidate';
  const distRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)), process.env.SERVE_ROOT ?? 'dist');
  const astroAssets = existsSync(path.join(distRoot, '_astro')) ? readdirSync(path.join(distRoot, '_astro')) : [];

  test('every /_astro file has a content hash in its name and is served immutable, compressed when text', async ({ request }) => {
    expect(astroAssets.length, `files in ${distRoot}/_astro`).toBeGreaterThan(0);
    for (const name of astroAssets) {
      expect(name, 'a hashed name: <name>.<hash>.<ext>').toMatch(/\.[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/);
      const res = await request.get(`/_astro/${name}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status(), name).toBe(200);
      expect(res.headers()['cache-control'], name).toBe(IMMUTABLE);
      if (/\.(js|css|svg|json)$/.test(name) && (await res.body()).byteLength >= 256) {
        expect(res.headers()['content-encoding'], name).toBe('br');
        expect(res.headers().vary, name).toMatch(/Accept-Encoding/i);
      }
    }
  });

  test('every page template is HTML that revalidates, with an ETag, compressed (br, else gzip, else none)', async ({ request }) => {
    for (const template of templateUrls()) {
      const br = await request.get(template.path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(br.status(), template.path).toBe(template.status);
      const h = br.headers();
      expect(h['content-type'], template.path).toBe('text/html; charset=utf-8');
      expect(h['cache-control'], template.path).toBe(REVALIDATE);
      expect(h['cache-control'], template.path).not.toContain('immutable');
      expect(h['content-encoding'], template.path).toBe('br');
      expect(h.vary, template.path).toMatch(/Accept-Encoding/i);
      expect(h['content-security-policy'], template.path).toContain("default-src 'self'");
      if (template.status === 200) expect(h.etag, template.path).toMatch(/^"[^"]+"$/);

      const gzip = await request.get(template.path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding'], template.path).toBe('gzip');
      const identity = await request.get(template.path, { headers: { 'Accept-Encoding': 'identity' } });
      expect(identity.headers()['content-encoding'], template.path).toBeUndefined();
      // Each encoding decodes to the same document, and compression pays off.
      const plain = await identity.text();
      expect(await br.text(), template.path).toBe(plain);
      expect(await gzip.text(), template.path).toBe(plain);
      expect(Number(br.headers()['content-length']), template.path).toBeLessThan(Buffer.byteLength(plain) / 2);
    }
  });

  test('a revalidated page answers 304 without a body; a changed ETag gets the page', async ({ request }) => {
    const article = templateUrls().find((t) => t.name === 'article')!;
    const first = await request.get(article.path, { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers().etag ?? '';
    expect(etag).not.toBe('');
    const again = await request.get(article.path, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).byteLength).toBe(0);
    expect(again.headers()['cache-control']).toBe(REVALIDATE);
    const stale = await request.get(article.path, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': '"not-the-current-etag"' } });
    expect(stale.status()).toBe(200);
  });

  test('files whose names do not change with their content are never immutable', async ({ request }) => {
    const candidates = [
      '/favicon.svg',
      '/robots.txt',
      '/sitemap-index.xml',
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-entry.json',
      '/~partytown/partytown.js',
      '/~partytown/partytown-sw.js',
    ];
    let checked = 0;
    for (const file of candidates) {
      if (!existsSync(path.join(distRoot, file))) continue;
      checked += 1;
      const res = await request.get(file);
      expect(res.status(), file).toBe(200);
      expect(res.headers()['cache-control'], file).toBe(REVALIDATE);
    }
    expect(checked, 'at least favicon.svg and robots.txt exist in the build').toBeGreaterThanOrEqual(2);
  });

  test('media are cached for a day and revalidated in the background, also through the image handler', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const media = html.match(/\/media\/[^"'\s)?]+\.svg/)?.[0];
    expect(media, 'the home page references a /media image').toBeDefined();
    for (const url of [media!, media!.replace('/media/', '/media/fit-in/400x400/')]) {
      const res = await request.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(res.headers()['cache-control'], url).toBe('public, max-age=86400, stale-while-revalidate=604800');
      if ((await res.body()).byteLength >= 256) expect(res.headers()['content-encoding'], url).toBe('br');
    }
  });

  test('errors and redirects are not cached for long', async ({ request }) => {
    const missing = await request.get('/no-such-page-9b1f', { headers: { 'Accept-Encoding': 'br' } });
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe(REVALIDATE);
    expect(missing.headers()['content-encoding']).toBe('br');
    const moved = await request.get('/privacypolicy', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()['cache-control']).toBe(REVALIDATE);
  });

  test('HEAD answers like GET without a body', async ({ request }) => {
    const get = await request.get('/', { headers: { 'Accept-Encoding': 'br' } });
    const head = await request.head('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(head.status()).toBe(200);
    expect((await head.body()).byteLength).toBe(0);
    for (const name of ['cache-control', 'content-type', 'etag', 'content-encoding', 'content-length']) {
      expect(head.headers()[name], name).toBe(get.headers()[name]);
    }
  });
});
