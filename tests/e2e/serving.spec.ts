import { expect, test } from '@playwright/test';

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
  test.skip(asset === undefined, 'the home page references no /_astro asset');
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
