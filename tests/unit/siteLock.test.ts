import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import siteLockAttempts, { config as attemptsConfig } from '../../netlify/edge-functions/site-lock-attempts';
import siteLockEdge, { createSiteLock, type SiteLockHandler } from '../../netlify/edge-functions/site-lock';
import { createApp } from '../../scripts/serve.mjs';
import { SITE_LOCK_COOKIE_DAYS } from '../../src/lib/constants';
import {
  passwordMatches,
  readCookie,
  recordSiteLockFailure,
  signSiteLockCookie,
  SITE_LOCK_COOKIE,
  SITE_LOCK_FAILURE_WINDOW_MS,
  SITE_LOCK_MAX_FAILURES,
  siteLockExpiry,
  siteLockKeys,
  siteLockRetryAfterSeconds,
  siteLockReturnPath,
  siteLockSetCookie,
  verifySiteLockCookie,
} from '../../src/lib/siteLock';
import { SITE_LOCK_HEADING, SITE_LOCK_WRONG_PASSWORD, siteLockPage } from '../../src/lib/siteLockPage';

const DAY_MS = 86_400_000;
const T0 = new Date('2026-11-21T12:00:00Z');
const SECRET = 'test-secret';
const ENV = { SITE_LOCK_PASSWORD: 'stoke-dev-2026', SITE_LOCK_SECRET: SECRET };

describe('site lock cookie (spec §5, §9: 60 days)', () => {
  it('expires 60 days after entry', () => {
    expect(SITE_LOCK_COOKIE_DAYS).toBe(60);
    expect(siteLockExpiry(T0).getTime() - T0.getTime()).toBe(60 * DAY_MS);
  });

  it('verifies a cookie it signed until it expires', async () => {
    const value = await signSiteLockCookie(SECRET, T0);
    expect(value).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifySiteLockCookie(value, SECRET, T0)).toBe(true);
    expect(await verifySiteLockCookie(value, SECRET, new Date(T0.getTime() + 60 * DAY_MS - 1))).toBe(true);
    expect(await verifySiteLockCookie(value, SECRET, new Date(T0.getTime() + 60 * DAY_MS))).toBe(false);
  });

  it('rejects forged, altered, foreign and malformed cookies', async () => {
    const value = await signSiteLockCookie(SECRET, T0);
    const [version, expires, signature] = value.split('.') as [string, string, string];
    const later = `${version}.${Number(expires) + 365 * DAY_MS}.${signature}`;
    expect(await verifySiteLockCookie(later, SECRET, T0)).toBe(false);
    const flipped = `${version}.${expires}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await verifySiteLockCookie(flipped, SECRET, T0)).toBe(false);
    expect(await verifySiteLockCookie(await signSiteLockCookie('another-secret', T0), SECRET, T0)).toBe(false);
    for (const bad of [undefined, '', 'true', 'v1', 'v1..', `v2.${expires}.${signature}`, `${value}x`]) {
      expect(await verifySiteLockCookie(bad, SECRET, T0), String(bad)).toBe(false);
    }
  });

  it('compares passwords exactly', async () => {
    expect(await passwordMatches('stoke-dev-2026', 'stoke-dev-2026')).toBe(true);
    expect(await passwordMatches('stoke-dev-2025', 'stoke-dev-2026')).toBe(false);
    expect(await passwordMatches('', 'stoke-dev-2026')).toBe(false);
    expect(await passwordMatches('Stoke-dev-2026', 'stoke-dev-2026')).toBe(false);
  });

  it('is off without a password and derives a secret when none is set', async () => {
    expect(await siteLockKeys({})).toBeNull();
    expect(await siteLockKeys({ SITE_LOCK_PASSWORD: '' })).toBeNull();
    expect(await siteLockKeys(ENV)).toEqual({ password: 'stoke-dev-2026', secret: SECRET });
    const derived = await siteLockKeys({ SITE_LOCK_PASSWORD: 'stoke-dev-2026' });
    expect(derived?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(derived?.secret).not.toContain('stoke-dev-2026');
    expect((await siteLockKeys({ SITE_LOCK_PASSWORD: 'other' }))?.secret).not.toBe(derived?.secret);
  });

  it('reads and writes the cookie header', () => {
    expect(readCookie('a=1; site_lock=v1.2.x; b=2', SITE_LOCK_COOKIE)).toBe('v1.2.x');
    expect(readCookie('xsite_lock=1', SITE_LOCK_COOKIE)).toBeUndefined();
    expect(readCookie(null, SITE_LOCK_COOKIE)).toBeUndefined();
    expect(siteLockSetCookie('v', true)).toBe('site_lock=v; Max-Age=5184000; Path=/; HttpOnly; SameSite=Lax; Secure');
    expect(siteLockSetCookie('v', false)).not.toContain('Secure');
  });

  it('renders the lock page with logo, description, password field and button, escaping the action', () => {
    const html = siteLockPage({ action: '/news?q="<x>"' });
    expect(html).toContain('This site is in development');
    expect(html).toContain('<img src="/media/club/crest.svg"');
    expect(html).toContain('type="password"');
    expect(html).toContain('<button type="submit">');
    expect(html).toContain('action="/news?q=&quot;&lt;x&gt;&quot;"');
    expect(html).not.toContain('<script');
    expect(siteLockPage({ action: '/', error: true })).toContain('role="alert"');
  });
});

describe('site lock edge function', () => {
  let now = T0;
  const lock = createSiteLock(ENV, { now: () => now }) as SiteLockHandler;

  const get = (path: string, cookie?: string) => lock(new Request(`https://dev.stokecity.example${path}`, { headers: cookie ? { cookie } : {} }));
  const post = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
    lock(new Request(`https://dev.stokecity.example${path}`, { method: 'POST', headers: { 'content-type': type }, body }));

  it('is not created without SITE_LOCK_PASSWORD', () => {
    expect(createSiteLock({})).toBeNull();
    expect(createSiteLock({ SITE_LOCK_PASSWORD: '' })).toBeNull();
  });

  it('refuses a visitor without the cookie: the lock page, 401, never cached', async () => {
    const res = await get('/news');
    expect(res?.status).toBe(401);
    expect(res?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res?.headers.get('cache-control')).toBe('no-store');
    const html = (await res?.text()) ?? '';
    expect(html).toContain(SITE_LOCK_HEADING);
    expect(html).toContain('action="/news"');
    expect(html).not.toContain('stoke-dev-2026');
  });

  it('lets the logo through so the lock page can show it', async () => {
    expect(await get('/media/club/crest.svg')).toBeUndefined();
  });

  it('lets CSP reports through (browsers send them without cookies) but nothing else under /api', async () => {
    const report = (path: string) =>
      lock(new Request(`https://dev.stokecity.example${path}`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: '{}' }));
    expect(await report('/api/csp-report')).toBeUndefined();
    expect((await report('/api/events'))?.status).toBe(401);
  });

  it('sets the signed 60-day cookie on the right password and redirects to the same URL', async () => {
    const res = await post('/news?page=2', 'password=stoke-dev-2026');
    expect(res?.status).toBe(303);
    expect(res?.headers.get('location')).toBe('/news?page=2');
    const setCookie = res?.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^site_lock=v1\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=5184000; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const value = readCookie(setCookie.split(';')[0] ?? '', SITE_LOCK_COOKIE);
    expect(await verifySiteLockCookie(value, SECRET, T0)).toBe(true);
  });

  it('admits a visitor with a valid cookie (passes the request on)', async () => {
    const value = await signSiteLockCookie(SECRET, T0);
    expect(await get('/news', `theme=dark; site_lock=${value}`)).toBeUndefined();
    const res = await lock(new Request('https://dev.stokecity.example/api/events', { method: 'POST', headers: { cookie: `site_lock=${value}` }, body: '{}' }));
    expect(res).toBeUndefined();
  });

  it('rejects a forged or expired cookie', async () => {
    expect((await get('/', `site_lock=${await signSiteLockCookie('guessed-secret', T0)}`))?.status).toBe(401);
    const old = await signSiteLockCookie(SECRET, new Date(T0.getTime() - 61 * DAY_MS));
    expect((await get('/', `site_lock=${old}`))?.status).toBe(401);
  });

  it('shows the page again with a message on a wrong, missing or oversized password', async () => {
    for (const res of [
      await post('/', 'password=wrong'),
      await post('/', 'user=x'),
      await post('/', 'password=stoke-dev-2026', 'application/json'),
      await post('/', `password=${'x'.repeat(5000)}`),
    ]) {
      expect(res?.status).toBe(401);
      expect(res?.headers.get('set-cookie')).toBeNull();
      expect(await res?.text()).toContain('role="alert"');
    }
  });

  it('does not mark the cookie Secure over plain http (local server)', async () => {
    const res = await lock(
      new Request('http://127.0.0.1:4321/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'password=stoke-dev-2026',
      }),
    );
    expect(res?.headers.get('set-cookie')).not.toContain('Secure');
  });

  it('the default export lets everything through when the platform sets no password', async () => {
    expect(await siteLockEdge(new Request('https://dev.stokecity.example/'))).toBeUndefined();
  });

  it('expires the entry after 60 days', async () => {
    now = T0;
    const value = await signSiteLockCookie(SECRET, T0);
    now = new Date(T0.getTime() + 60 * DAY_MS + 1);
    expect((await get('/', `site_lock=${value}`))?.status).toBe(401);
    now = T0;
  });
});

describe('scripts/serve.mjs applies the same lock when SITE_LOCK_PASSWORD is set', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'terrace-lock-'));
    mkdirSync(join(root, 'news'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><h1>Home</h1>');
    writeFileSync(join(root, 'news/index.html'), '<!doctype html><h1>News</h1>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('locks every path, and opens with the cookie from the password form', async () => {
    const app = createApp({ root, verbose: false, env: { SITE_LOCK_PASSWORD: 'letmein' } });
    const locked = await app.request('/news/');
    expect(locked.status).toBe(401);
    expect(await locked.text()).toContain(SITE_LOCK_HEADING);

    const entered = await app.request('/news/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=letmein' });
    expect(entered.status).toBe(303);
    const cookie = (entered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const open = await app.request('/news/', { headers: { cookie } });
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('<h1>News</h1>');
  });

  it('serves normally without SITE_LOCK_PASSWORD', async () => {
    const app = createApp({ root, verbose: false, env: {} });
    expect((await app.request('/')).status).toBe(200);
  });
});

/** Targets that must never leave the site: protocol-relative, backslash, absolute, script URLs and their encodings. */
const FOREIGN_TARGETS = [
  '//evil.example',
  '//evil.example/news?x=1',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  'https://evil.example',
  'http://evil.example/',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/%2Fevil.example',
  '/%2fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%252F%252Fevil.example',
  '/%09/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  '/%E0%A4%A',
  '',
  'news',
];

describe('site lock return path', () => {
  it('keeps same-site paths and queries', () => {
    for (const path of ['/', '/news', '/news/?page=2', '/matches/first-team/2025-26#fixtures', '/search?q=%2F%2Fx', '/a/b//c']) {
      expect(siteLockReturnPath(path), path).toBe(path);
    }
  });

  it('sends every foreign, script or encoded target to /', () => {
    for (const target of FOREIGN_TARGETS) expect(siteLockReturnPath(target), JSON.stringify(target)).toBe('/');
  });
});

describe('site lock edge function: redirects stay on the site', () => {
  const lock = createSiteLock(ENV, { now: () => T0 }) as SiteLockHandler;
  const enter = (url: string) =>
    lock(new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=stoke-dev-2026' }), {
      ip: '203.0.113.1',
    });

  it('redirects to / after the right password when the URL would leave the site', async () => {
    for (const url of [
      'https://dev.stokecity.example//evil.example',
      'https://dev.stokecity.example//evil.example/path?x=1',
      'https://dev.stokecity.example/\\evil.example',
      'https://dev.stokecity.example/%2F%2Fevil.example',
      'https://dev.stokecity.example/%5Cevil.example',
      'https://dev.stokecity.example/%252F%252Fevil.example',
    ]) {
      const res = await enter(url);
      expect(res?.status, url).toBe(303);
      expect(res?.headers.get('location'), url).toBe('/');
    }
  });

  it('points the lock form at / for such URLs, so the password is never posted elsewhere', async () => {
    const res = await lock(new Request('https://dev.stokecity.example//evil.example'), { ip: '203.0.113.1' });
    const html = (await res?.text()) ?? '';
    expect(html).toContain('action="/"');
    expect(html).not.toContain('evil.example');
  });
});

describe('site lock throttles wrong passwords', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const make = (clock: { now: Date }) => {
    const lock = createSiteLock(ENV, { now: () => clock.now }) as SiteLockHandler;
    return (password: string, ip = '198.51.100.7') =>
      lock(new Request('https://dev.stokecity.example/news', { method: 'POST', headers: form, body: `password=${password}` }), { ip });
  };

  it('counts failures in a window and waits until it ends', () => {
    let failures = undefined as ReturnType<typeof recordSiteLockFailure> | undefined;
    for (let i = 1; i < SITE_LOCK_MAX_FAILURES; i += 1) {
      failures = recordSiteLockFailure(failures, T0);
      expect(siteLockRetryAfterSeconds(failures, T0)).toBe(0);
    }
    failures = recordSiteLockFailure(failures, T0);
    expect(siteLockRetryAfterSeconds(failures, T0)).toBe(SITE_LOCK_FAILURE_WINDOW_MS / 1000);
    expect(siteLockRetryAfterSeconds(failures, new Date(T0.getTime() + SITE_LOCK_FAILURE_WINDOW_MS - 500))).toBe(1);
    expect(siteLockRetryAfterSeconds(failures, new Date(T0.getTime() + SITE_LOCK_FAILURE_WINDOW_MS))).toBe(0);
    expect(recordSiteLockFailure(failures, new Date(T0.getTime() + SITE_LOCK_FAILURE_WINDOW_MS))).toEqual({
      count: 1,
      windowStartMs: T0.getTime() + SITE_LOCK_FAILURE_WINDOW_MS,
    });
  });

  it('answers 429 with Retry-After after the allowed wrong passwords, even to the right one, until the window ends', async () => {
    const clock = { now: T0 };
    const attempt = make(clock);
    for (let i = 0; i < SITE_LOCK_MAX_FAILURES; i += 1) {
      const res = await attempt('wrong');
      expect(res?.status).toBe(401);
      expect(await res?.text()).toContain(SITE_LOCK_WRONG_PASSWORD);
    }
    const throttled = await attempt('stoke-dev-2026');
    expect(throttled?.status).toBe(429);
    expect(Number(throttled?.headers.get('retry-after'))).toBe(SITE_LOCK_FAILURE_WINDOW_MS / 1000);
    expect(throttled?.headers.get('set-cookie')).toBeNull();
    expect(await throttled?.text()).toMatch(/Too many wrong passwords\. Please try again in 15 minutes\./);

    expect((await attempt('stoke-dev-2026', '198.51.100.8'))?.status).toBe(303);

    clock.now = new Date(T0.getTime() + SITE_LOCK_FAILURE_WINDOW_MS);
    expect((await attempt('stoke-dev-2026'))?.status).toBe(303);
  });

  it('forgets earlier failures after the right password', async () => {
    const attempt = make({ now: T0 });
    for (let i = 1; i < SITE_LOCK_MAX_FAILURES; i += 1) expect((await attempt('wrong'))?.status).toBe(401);
    expect((await attempt('stoke-dev-2026'))?.status).toBe(303);
    for (let i = 1; i < SITE_LOCK_MAX_FAILURES; i += 1) expect((await attempt('wrong'))?.status).toBe(401);
    expect((await attempt('wrong'))?.status).toBe(401);
    expect((await attempt('wrong'))?.status).toBe(429);
  });

  it('reads an oversized streamed form (no Content-Length) only up to its limit', async () => {
    const lock = createSiteLock(ENV, { now: () => T0 }) as SiteLockHandler;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= 1024 * 1024) return controller.close();
          pulled += 1024;
          controller.enqueue(new TextEncoder().encode(pulled === 1024 ? `password=stoke-dev-2026&x=${'x'.repeat(1000)}` : 'x'.repeat(1024)));
        },
      },
      { highWaterMark: 0 },
    );
    const res = await lock(new Request('https://dev.stokecity.example/', { method: 'POST', headers: form, body, duplex: 'half' } as RequestInit), {
      ip: '192.0.2.1',
    });
    expect(res?.status).toBe(401);
    expect(pulled).toBeLessThanOrEqual(8 * 1024);
  });
});

describe('scripts/serve.mjs throttles wrong passwords too', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'terrace-lock-throttle-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><h1>Home</h1>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers 429 after the allowed wrong passwords and never redirects off the site', async () => {
    const app = createApp({ root, verbose: false, env: { SITE_LOCK_PASSWORD: 'letmein' } });
    const attempt = (password: string, path = '/') =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `password=${password}` });
    expect((await attempt('letmein', 'http://localhost//evil.example')).headers.get('location')).toBe('/');
    for (let i = 0; i < SITE_LOCK_MAX_FAILURES; i += 1) expect((await attempt('nope')).status).toBe(401);
    const throttled = await attempt('letmein');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
  });
});

describe("Netlify's built-in rate limit on password attempts (netlify/edge-functions/site-lock-attempts.ts)", () => {
  it('runs before the lock on page paths, for POSTs only, with a per-IP rate limit, and lets requests through', () => {
    const toml = parseToml(readFileSync(join(import.meta.dirname, '../../netlify.toml'), 'utf8')) as {
      edge_functions?: Array<{ function: string; path: string; excludedPath?: string }>;
    };
    const order = (toml.edge_functions ?? []).map((f) => f.function);
    expect(order.indexOf('site-lock-attempts')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('site-lock-attempts')).toBeLessThan(order.indexOf('site-lock'));
    expect(toml.edge_functions?.find((f) => f.function === 'site-lock-attempts')).toMatchObject({ path: '/*', excludedPath: '/api/*' });
    expect(attemptsConfig.method).toBe('POST');
    expect(attemptsConfig.rateLimit.aggregateBy).toContain('ip');
    expect(attemptsConfig.rateLimit.windowLimit).toBeGreaterThan(SITE_LOCK_MAX_FAILURES);
    expect(siteLockAttempts()).toBeUndefined();
  });
});
