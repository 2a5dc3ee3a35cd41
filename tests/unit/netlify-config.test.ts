import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  headersFor,
  loadNetlifyConfig,
  loadRedirectRules,
  matchRedirect,
  NetlifyConfigError,
  parseNetlifyConfig,
  parseRedirectRules,
} from '../../scripts/netlify-config.mjs';
import { builtSiteHeaders } from './builtHeaders';

const CONFIG_PATH = fileURLToPath(new URL('../../netlify.toml', import.meta.url));
const config = loadNetlifyConfig(CONFIG_PATH);
/** netlify.toml's redirect rules, parsed by Netlify's @netlify/redirect-parser. */
const redirects = { redirects: await loadRedirectRules({ configPath: CONFIG_PATH }) };
/** What production serves: netlify.toml plus the `_headers` the build writes (the Content-Security-Policy). */
const served = { headers: (await builtSiteHeaders()).rules };
const HTML_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Header lookup by case-insensitive name. */
function header(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

describe('netlify.toml build settings', () => {
  it('builds with Node 24 and publishes dist', () => {
    expect(config.build.environment.NODE_VERSION).toBe('24');
    expect(config.build.publish).toBe('dist');
    expect(config.build.command).toBe('npm run build');
  });

  it('gives production builds their public URL (SITE_URL) as an https origin, and only production', () => {
    const contexts = (parse(readFileSync(CONFIG_PATH, 'utf8')) as { context?: Record<string, { environment?: Record<string, unknown> }> }).context ?? {};
    const siteUrl = contexts.production?.environment?.SITE_URL;
    expect(typeof siteUrl).toBe('string');
    const url = new URL(String(siteUrl));
    expect(url.protocol).toBe('https:');
    expect(url.origin).toBe(String(siteUrl).replace(/\/$/, ''));
    expect(url.hostname).not.toMatch(/^(localhost|127\.)/);
    for (const [name, settings] of Object.entries(contexts)) if (name !== 'production') expect(settings.environment?.SITE_URL, name).toBeUndefined();
  });
});

describe('netlify.toml headers', () => {
  it('caches hashed /_astro assets for a year, immutable, with a single Cache-Control value', () => {
    const headers = headersFor(config, '/_astro/x.js');
    expect(header(headers, 'Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(header(headers, 'X-Content-Type-Options')).toBe('nosniff');
  });

  it('gives HTML pages must-revalidate and the CSP', () => {
    for (const path of ['/', '/news/', '/news', '/matches/first-team/2024-25/', '/404.html']) {
      const headers = headersFor(served, path);
      expect(header(headers, 'Cache-Control'), path).toBe(HTML_REVALIDATE);
      const csp = header(headers, 'Content-Security-Policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/img-src 'self' data:/);
      expect(header(headers, 'Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      expect(header(headers, 'Permissions-Policy'), path).toContain('camera=()');
    }
  });

  it('caches media for a day with stale-while-revalidate', () => {
    const cacheControl = header(headersFor(config, '/media/news/a.svg'), 'Cache-Control') ?? '';
    expect(cacheControl).toContain('max-age=86400');
    expect(cacheControl).toContain('stale-while-revalidate');
  });

  it('never sets one header name from two rules that match the same path', () => {
    for (const path of ['/', '/news/', '/_astro/a.js', '/media/x.png', '/404.html', '/robots.txt']) {
      const names = served.headers.filter((rule) => rule.pattern.test(path)).flatMap((rule) => Object.keys(rule.values).map((n) => n.toLowerCase()));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('joins a header set by two matching rules, as Netlify does', () => {
    const overlapping = parseNetlifyConfig(`
[[headers]]
  for = "/*"
  [headers.values]
    X-Test = "a"
[[headers]]
  for = "/assets/*"
  [headers.values]
    x-test = "b"
`);
    expect(headersFor(overlapping, '/assets/app.js', { platformDefaults: false })).toEqual({ 'X-Test': 'a, b' });
  });
});

describe('netlify.toml caching rules', () => {
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  it('marks only the hashed /_astro/ assets immutable', () => {
    const immutableRules = config.headers.filter((rule) => Object.values(rule.values).some((v) => /immutable/i.test(v)));
    expect(immutableRules.map((rule) => rule.for)).toEqual(['/_astro/*']);
    for (const path of ['/_astro/client.BKBS0fNv.js', '/_astro/DefaultLayout.CR6FgBBb.css', '/_astro/nested/font.Ab12Cd34.woff2']) {
      expect(header(headersFor(config, path), 'Cache-Control'), path).toBe(IMMUTABLE);
    }
  });

  it('revalidates files whose names do not change with their content', () => {
    for (const path of [
      '/favicon.svg',
      '/robots.txt',
      '/sitemap-index.xml',
      '/rss.xml',
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-entry.json',
      '/~partytown/partytown.js',
      '/stand-ins/tag-manager.js',
      '/astro/x.js',
    ]) {
      const cacheControl = header(headersFor(config, path), 'Cache-Control') ?? '';
      expect(cacheControl, path).toBe(HTML_REVALIDATE);
    }
  });

  it('revalidates every page route family, with or without a trailing slash', () => {
    for (const path of [
      '/news',
      '/news/some-story',
      '/news/2024/05/',
      '/category/first-team/',
      '/match/first-team/2025-26/2026-05-02-bristol-city',
      '/players/first-team/x',
      '/club/history/',
      '/account/login',
      '/videos/subscriptions',
      '/app/news/x',
    ]) {
      expect(header(headersFor(config, path), 'Cache-Control'), path).toBe(HTML_REVALIDATE);
    }
  });

  it('sends exactly one Cache-Control value and the security headers on every kind of path', () => {
    for (const path of ['/', '/news/', '/_astro/a.B1c2D3e4.js', '/media/news/a.svg', '/media/fit-in/400x400/a.svg', '/pagefind/pagefind.js', '/404.html']) {
      const headers = headersFor(served, path);
      const cacheControl = header(headers, 'Cache-Control') ?? '';
      expect(
        cacheControl.split(',').filter((part) => /max-age=/.test(part)),
        path,
      ).toHaveLength(1);
      expect(header(headers, 'X-Content-Type-Options'), path).toBe('nosniff');
      expect(header(headers, 'Content-Security-Policy'), path).toContain("object-src 'none'");
    }
  });

  it("allows Pagefind's WebAssembly in the CSP", () => {
    expect(header(headersFor(served, '/'), 'Content-Security-Policy')).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
  });
});

describe('netlify.toml redirects', () => {
  it('sends legacy links to their pages with 301', async () => {
    expect(await matchRedirect(redirects, '/privacypolicy')).toMatchObject({ to: '/privacy-policy', status: 301 });
    expect(await matchRedirect(redirects, '/info/accessibility')).toMatchObject({ to: '/accessibility', status: 301 });
    expect(await matchRedirect(redirects, '/info/contact-us')).toMatchObject({ to: '/contact', status: 301 });
  });

  it('tolerates a trailing slash and passes the query string on', async () => {
    expect(await matchRedirect(redirects, '/privacypolicy/')).toMatchObject({ to: '/privacy-policy', status: 301 });
    expect(await matchRedirect(redirects, '/info/contact-us?ref=footer')).toMatchObject({ to: '/contact?ref=footer' });
  });

  it('forces legacy redirects even when a file exists there', async () => {
    expect(await matchRedirect(redirects, '/privacypolicy', { exists: () => true })).toMatchObject({ to: '/privacy-policy' });
  });

  it('resolves dated news URLs to the canonical article, unless an archive page exists there', async () => {
    expect(await matchRedirect(redirects, '/news/2023/report-x')).toMatchObject({ to: '/news/report-x', status: 301 });
    expect(await matchRedirect(redirects, '/news/2023/08/report-x')).toMatchObject({ to: '/news/report-x', status: 301 });
    expect(await matchRedirect(redirects, '/news/2023/08/05/report-x')).toMatchObject({ to: '/news/report-x', status: 301 });
    expect(await matchRedirect(redirects, '/app/news/2023/08/05/report-x')).toMatchObject({ to: '/app/news/report-x', status: 301 });
    expect(await matchRedirect(redirects, '/app/news/2023/report-x')).toMatchObject({ to: '/app/news/report-x', status: 301 });
    expect(await matchRedirect(redirects, '/news/2023/08', { exists: () => true })).toBeNull();
    expect(await matchRedirect(redirects, '/news/page/2', { exists: () => true })).toBeNull();
    expect(await matchRedirect(redirects, '/news/report-x')).toBeNull();
  });

  it('redirects bare /match to /matches (302) unless a /match page exists', async () => {
    expect(await matchRedirect(redirects, '/match')).toMatchObject({ to: '/matches', status: 302 });
    expect(await matchRedirect(redirects, '/match', { exists: () => true })).toBeNull();
    expect(await matchRedirect(redirects, '/match/first-team')).toBeNull();
  });

  it('rewrites the image handler /media/fit-in/{w}x{h}/{key} to /media/{key}', async () => {
    expect(await matchRedirect(redirects, '/media/fit-in/400x400/news/a.svg')).toEqual({ to: '/media/news/a.svg', status: 200, force: false });
  });

  it('routes /api/* to the platform function', async () => {
    expect(await matchRedirect(redirects, '/api/entitlements')).toMatchObject({ to: '/.netlify/functions/api/entitlements', status: 200 });
    expect(await matchRedirect(redirects, '/api/a/b?x=1')).toMatchObject({ to: '/.netlify/functions/api/a/b?x=1' });
  });

  it('leaves ordinary paths alone', async () => {
    expect(await matchRedirect(redirects, '/')).toBeNull();
    expect(await matchRedirect(redirects, '/news/some-story')).toBeNull();
    expect(await matchRedirect(redirects, '/privacy-policy')).toBeNull();
  });
});

describe('rule semantics', async () => {
  const rules = {
    redirects: await parseRedirectRules(`
[[redirects]]
  from = "/news/:year/:slug"
  to = "/articles/:slug?y=:year"
  status = 302
[[redirects]]
  from = "/store"
  to = "/shop/:id"
  query = { id = ":id" }
[[redirects]]
  from = "/old/*"
  to = "/new/:splat"
[[redirects]]
  from = "/old/*"
  to = "/never"
[[redirects]]
  from = "/geo"
  to = "/uk"
  conditions = { Country = ["GB"] }
[[redirects]]
  from = "https://shop.stokecity.example/*"
  to = "/store/:splat"
[[redirects]]
  from = "/docs/*"
  status = 200
`),
  };

  it('fills placeholders, query captures and the splat; first match wins', async () => {
    expect(await matchRedirect(rules, '/news/2024/cup-win')).toEqual({ to: '/articles/cup-win?y=2024', status: 302, force: false });
    // Netlify passes the query string on to a target without one, also for a rule matching on it.
    expect(await matchRedirect(rules, '/store?id=42')).toMatchObject({ to: '/shop/42?id=42', status: 301 });
    expect(await matchRedirect(rules, '/store')).toBeNull();
    expect(await matchRedirect(rules, '/old/a/b')).toMatchObject({ to: '/new/a/b' });
    expect(await matchRedirect(rules, '/old')).toMatchObject({ to: '/new/' });
  });

  it('is case-sensitive, evaluates conditions, and keeps host rules to their host', async () => {
    expect(await matchRedirect(rules, '/OLD/a')).toBeNull();
    // The engine's country is the nf_country cookie's, else 'us'.
    expect(await matchRedirect(rules, '/geo')).toBeNull();
    expect(await matchRedirect(rules, '/geo', { headers: { cookie: 'nf_country=GB' } })).toMatchObject({ to: '/uk' });
    expect(await matchRedirect(rules, '/store/x')).toBeNull();
  });

  it("fills a forward rule's missing target as Netlify's parser does (from '/docs/*' to '/docs/:splat')", async () => {
    expect(await matchRedirect(rules, '/docs/a/b')).toEqual({ to: '/docs/a/b', status: 200, force: false });
  });

  it('reports invalid files with the item at fault', async () => {
    await expect(parseRedirectRules('[[redirects]]\nfrom = "/a"\n')).rejects.toThrow(/netlify\.toml: redirects: .*redirect number 1[\s\S]*Missing "to" field/);
    await expect(parseRedirectRules('[[redirects]]\nfrom = "/a"\nto = "/b"\nstatus = "many"\n')).rejects.toThrow(/Invalid status code/);
    await expect(parseRedirectRules('[build\n', 'x.toml')).rejects.toThrow(NetlifyConfigError);
    expect(() => parseNetlifyConfig('[build\n', 'x.toml')).toThrow(NetlifyConfigError);
    expect(() => loadNetlifyConfig('/nonexistent/netlify.toml')).toThrow(/cannot read/);
  });
});

describe('_redirects files (Netlify reads them before netlify.toml)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'terrace-redirects-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const configPath = path.join(dir, 'netlify.toml');
  const redirectsFile = path.join(dir, '_redirects');
  writeFileSync(configPath, '[[redirects]]\n  from = "/promo"\n  to = "/from-toml"\n');
  writeFileSync(redirectsFile, '# comment\n/promo  /from-file  302\n/legacy/*  /new/:splat  301!\n/region  /gb  302  Country=gb\n');
  const fileRules = { redirects: await loadRedirectRules({ configPath, redirectsFiles: [redirectsFile] }) };

  it('applies the file rules first, with their status and forced "!"', async () => {
    expect(await matchRedirect(fileRules, '/promo')).toEqual({ to: '/from-file', status: 302, force: false });
    expect(await matchRedirect(fileRules, '/legacy/a', { exists: () => true })).toEqual({ to: '/new/a', status: 301, force: true });
    expect(await matchRedirect(fileRules, '/region')).toBeNull();
  });

  it('adds no rules for a missing file, and names the file of a broken one', async () => {
    expect((await loadRedirectRules({ configPath, redirectsFiles: [path.join(dir, 'none')] })).map((rule) => rule.to)).toEqual(['/from-toml']);
    const broken = path.join(dir, '_redirects.broken');
    writeFileSync(broken, '/a /b notastatus\n');
    await expect(loadRedirectRules({ redirectsFiles: [broken] })).rejects.toThrow(/_redirects\.broken/);
  });
});
