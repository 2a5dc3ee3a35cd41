import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { HOSTILE_DATA, HOSTILE_DIST } from '../fixtures/hostile/build-hostile-site.mjs';
import { hostileText, UNSAFE_LINKS } from '../fixtures/hostile/payloads.mjs';

/**
 * Content is untrusted input: the site built from the hostile dataset (every feed string carries
 * alert(<id>) payloads), served like production. On a page of every template, in the overlays and
 * in the promo feed no payload may run or reach the DOM as markup (dialogs, alert calls, CSP
 * violations, handler attributes, payload scripts, javascript:/data: URLs, evil.example links
 * fail, naming page and field through hostile-manifest.json); RSS, iCalendar and JSON are checked
 * as text. Run by `npm run test:hostile`, which builds the hostile site first.
 */

/** Inside the demo adverts' and promos' time windows, so footer adverts and the promo show. */
const NOW = new Date('2026-11-21T12:00:00Z');

const manifest = JSON.parse(readFileSync(path.join(HOSTILE_DATA, 'hostile-manifest.json'), 'utf8')) as Record<string, { value: string; where: string[] }>;

/** A finding with the fields whose payload ids it mentions, e.g. "alert:12 (demo/players.json:[3].biography)". */
function explain(finding: string): string {
  const ids = [...new Set([...finding.matchAll(/alert\((\d+)\)|alert:(\d+)|X-PWNED:(\d+)/g)].map((m) => m[1] ?? m[2] ?? m[3]))];
  const fields = ids.map((id) => `${id} = ${manifest[id ?? '']?.where.slice(0, 3).join(', ') ?? 'unknown'}`);
  return fields.length > 0 ? `${finding}  [payload ${fields.join('; ')}]` : finding;
}

/** Directory names under a folder of the built site, sorted. */
function builtDirs(...segments: string[]): string[] {
  const dir = path.join(HOSTILE_DIST, ...segments);
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
}

/** The built path of the first page matching `glob`-like segments ('*' = any directory). */
function firstBuilt(...segments: string[]): string {
  const walk = (prefix: string[], rest: string[]): string | undefined => {
    const [head, ...tail] = rest;
    if (head === undefined) return existsSync(path.join(HOSTILE_DIST, ...prefix, 'index.html')) ? `/${prefix.join('/')}` : undefined;
    const names = head === '*' ? builtDirs(...prefix) : [head];
    for (const name of names) {
      const found = walk([...prefix, name], tail);
      if (found) return found;
    }
    return undefined;
  };
  const found = walk([], segments);
  if (!found) throw new Error(`no built page matches /${segments.join('/')}`);
  return found;
}

/** The content page of a template (front matter pageTemplate), an internal page. */
function contentPage(template: string): string {
  const root = path.join(HOSTILE_DATA, 'demo/pages');
  const file = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort()
    .find((f) => {
      const text = readFileSync(path.join(root, f), 'utf8');
      return text.includes(`pageTemplate: "${template}"`) && text.includes('postType: "internal"');
    });
  if (!file) throw new Error(`no ${template} content page`);
  return `/${file.replace(/\.md$/, '')}`;
}

const matchWithEvents = (JSON.parse(readFileSync(path.join(HOSTILE_DATA, 'demo/match-events.json'), 'utf8')) as { matchID: string }[])[0]?.matchID ?? '';
const article = `/news/${readdirSync(path.join(HOSTILE_DATA, 'demo/news'))
  .filter((f) => f.endsWith('.md'))
  .sort()[0]
  ?.replace(/\.md$/, '')}`;
const internalLink = readdirSync(path.join(HOSTILE_DATA, 'demo/pages'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md') && readFileSync(path.join(HOSTILE_DATA, 'demo/pages', f), 'utf8').includes('postType: "internalLink"'))
  .sort()[0];

/** One page of every template (spec §2 route table), by name. */
const PAGES: Record<string, string> = {
  home: '/',
  'news listing': '/news',
  'news listing page 2': '/news/page/2',
  'news article': article,
  'news archive': firstBuilt('news', '*'),
  'category index': '/category',
  category: firstBuilt('category', '*'),
  matches: '/matches',
  'team season matches': firstBuilt('matches', 'first-team', '*'),
  'match centre': firstBuilt('match', '*', '*', matchWithEvents),
  teams: '/teams',
  team: '/teams/first-team',
  players: '/players',
  player: firstBuilt('players', '*'),
  'content page (Default)': contentPage('Default'),
  'content page (Landing)': contentPage('Landing'),
  'content page (Hub)': contentPage('Hub'),
  ...(internalLink ? { 'internal link redirect': `/${internalLink.replace(/\.md$/, '')}` } : {}),
  videos: '/videos',
  'video category': firstBuilt('videos', 'highlights'),
  'streaming service': '/videos/subscriptions',
  login: '/account/login',
  'not found': '/no-such-page',
  'app news index': '/app/news',
  'app news article': firstBuilt('app', 'news', '*'),
};

/** What the init script and hooks saw on a page: alert() calls, dialogs, console lines, payload-caused CSP violations. */
interface Watch {
  findings: string[];
}

/** Installs the detectors before any page script runs. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { findings: [] };
  await page.addInitScript(() => {
    const w = window as unknown as { __pwned: string[] };
    w.__pwned = [];
    const record = (how: string, value: unknown) => {
      w.__pwned.push(`${how}:${String(value)}`);
      console.warn(`__pwned ${how}:${String(value)}`);
    };
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      Object.defineProperty(window, name, { configurable: false, writable: false, value: (value: unknown) => record(name, value) });
    }
    document.addEventListener('securitypolicyviolation', (event) => {
      if (/alert\(|javascript:/i.test(event.sample)) record('csp', `${event.violatedDirective} ${event.sample}`);
    });
  });
  page.on('dialog', (dialog) => {
    seen.findings.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes('__pwned')) seen.findings.push(`console: ${message.text()}`);
  });
  return seen;
}

/**
 * Markup a payload would leave in a document — handlers, scripts, dangerous URLs, embedded
 * frames — in the page (html null) or in an HTML string. Runs in the browser (page.evaluate).
 */
function payloadMarkup(html: string | null): string[] {
  const root = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  const problems: string[] = [];
  const excerpt = (element: Element) => element.outerHTML.slice(0, 160);
  const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'cite', 'ping']);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (/^on/.test(name)) problems.push(`event handler attribute ${name}: ${excerpt(element)}`);
      if (name === 'srcdoc') problems.push(`srcdoc: ${excerpt(element)}`);
      if (URL_ATTRIBUTES.has(name)) {
        // eslint-disable-next-line no-control-regex -- browsers drop controls and spaces in URLs
        const url = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (/^(javascript|vbscript|data:text\/html|data:image\/svg)/.test(url)) problems.push(`${name}=${url.slice(0, 40)}: ${excerpt(element)}`);
        try {
          if (new URL(attribute.value, root.baseURI).hostname.endsWith('evil.example')) problems.push(`${name} to evil.example: ${excerpt(element)}`);
        } catch {
          // Not a URL: nothing to follow.
        }
      }
    }
  }
  for (const script of root.querySelectorAll('script')) {
    const type = script.type.trim().toLowerCase();
    if (type === 'application/ld+json' || type === 'application/json') {
      try {
        JSON.parse(script.textContent ?? '');
      } catch {
        problems.push(`JSON script that does not parse (broken out of?): ${excerpt(script)}`);
      }
    } else if (/alert\(/.test(script.textContent ?? '')) {
      problems.push(`script holding a payload: ${excerpt(script)}`);
    }
  }
  for (const element of root.querySelectorAll('iframe, frame, object, embed, base, meta[http-equiv="refresh" i][content*="javascript" i]'))
    problems.push(`injected element: ${excerpt(element)}`);
  return problems;
}

/** Everything wrong with the page now: the watch's findings, recorded calls and payload markup. */
async function problemsOn(page: Page, seen: Watch): Promise<string[]> {
  const recorded = await page.evaluate(() => (window as unknown as { __pwned?: string[] }).__pwned ?? []);
  const markup = await page.evaluate(payloadMarkup, null);
  return [...seen.findings, ...recorded.map((r) => `recorded ${r}`), ...markup].map(explain);
}

/** Cookie consent given (essential only), so the cookie notice does not hold the promo back. */
async function consentGiven(page: Page, baseURL: string | undefined): Promise<void> {
  const url = baseURL ?? 'http://127.0.0.1:4324';
  await page.context().addCookies([
    { name: 'cookie_consent_given', value: 'true', url },
    { name: 'cookie_analytics_consent_given', value: 'false', url },
  ]);
}

/** Opens a page at the fixed time and waits until its scripts have run. */
async function open(page: Page, url: string): Promise<void> {
  await page.clock.setFixedTime(NOW);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
}

test.describe('no payload from a hostile feed runs or reaches the DOM', () => {
  for (const [name, url] of Object.entries(PAGES)) {
    test(`${name} (${url})`, async ({ page }) => {
      const seen = await watch(page);
      await open(page, url);
      // The page really shows hostile content (else the test would prove nothing).
      expect(await page.content()).toContain('alert(');
      expect(await problemsOn(page, seen)).toEqual([]);
    });
  }

  test('overlays with content: promo, menu, account panel, search with results', async ({ page, baseURL }) => {
    test.slow(); // several overlays, and the search index loads on first use
    const seen = await watch(page);
    await consentGiven(page, baseURL);
    await open(page, '/');
    // The promo (first visit, no seen-promos cookie) shows a hostile promo; close it.
    const promo = page.locator('dialog[data-promo-overlay][open]');
    await expect(promo).toBeVisible();
    expect(await problemsOn(page, seen)).toEqual([]);
    await promo.locator('[data-promo-close]').click();
    await expect(promo).toHaveCount(0);

    const banner = page.getByRole('banner');
    await banner.hover(); // hydrates the header actions island
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#main-menu')).toBeVisible();
    expect(await problemsOn(page, seen)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.locator('.header-action--profile').click();
    await expect(page.locator('#account-panel')).toBeVisible();
    expect(await problemsOn(page, seen)).toEqual([]);
    await page.keyboard.press('Escape');

    await banner.getByRole('button', { name: 'Search' }).click();
    const search = page.locator('dialog#search-overlay');
    await expect(search).toBeVisible();
    await search.getByRole('searchbox').fill('alert');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(search.locator('.search-hit').first()).toBeVisible({ timeout: 15_000 });
    expect(await problemsOn(page, seen)).toEqual([]);
  });

  test('the promo feed fetched at run time cannot point a link at a script', async ({ page, baseURL }) => {
    const seen = await watch(page);
    await consentGiven(page, baseURL);
    const promo = {
      type: 'Default',
      webNewWindow: false,
      imageKey: 'promos/season-pass.svg',
      startDateTime: '2026-01-01T00:00:00Z',
      endDateTime: '2027-01-01T00:00:00Z',
    };
    const hostile = UNSAFE_LINKS.map((url, index) => ({ ...promo, promoID: `unsafe-${index}`, url, imageAltText: hostileText('Promo', 9000 + index) }));
    await page.route('**/data/promo-overlays.json', (route) =>
      route.fulfill({ json: [...hostile, { ...promo, promoID: 'safe', url: '/videos', imageAltText: hostileText('Safe promo', 9999) }] }),
    );
    await open(page, '/');
    const shown = page.locator('dialog[data-promo-overlay][open]');
    await expect(shown).toHaveAttribute('data-promo-id', 'safe');
    await expect(shown.locator('a[data-promo-link]')).toHaveAttribute('href', '/videos');
    expect(await problemsOn(page, seen)).toEqual([]);
  });
});

test.describe('feeds and data files built from hostile content', () => {
  test('RSS: descriptions are escaped text and article HTML is sanitised', async ({ page, request }) => {
    await open(page, '/');
    for (const url of ['/news/rss.xml', `${firstBuilt('category', '*')}/rss.xml`]) {
      const xml = await (await request.get(url)).text();
      expect(xml, url).toContain('alert(');
      // Readers render descriptions and content:encoded as HTML: parse both as readers would.
      const feed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const texts = (name: string) => [...doc.getElementsByTagName(name)].map((element) => element.textContent ?? '');
        return { wellFormed: !doc.querySelector('parsererror'), descriptions: texts('description'), contents: texts('content:encoded') };
      }, xml);
      expect(feed.wellFormed, url).toBe(true);
      expect(feed.descriptions.filter((text) => /<[a-z!/]/i.test(text)).map(explain), url).toEqual([]);
      const markup = await Promise.all(feed.contents.map((html) => page.evaluate(payloadMarkup, html)));
      expect(markup.flat().map(explain), url).toEqual([]);
    }
  });

  test('iCalendar: no payload starts a property of its own', async ({ request }) => {
    const season = firstBuilt('matches', 'first-team', '*');
    for (const url of [`${season}.ics`, `${firstBuilt('match', '*', '*', matchWithEvents)}.ics`]) {
      const response = await request.get(url);
      expect(response.ok(), url).toBe(true);
      const lines = (await response.text()).replace(/\r\n[ \t]/g, '').split(/\r\n/);
      expect(lines.filter((line) => /^X-PWNED/i.test(line)).map(explain), url).toEqual([]);
      expect(
        lines.filter((line) => /^URL[;:]/.test(line) && !/^URL(;[^:]*)?:https?:\/\//.test(line)),
        url,
      ).toEqual([]);
      expect(
        lines.some((line) => line.includes('X-PWNED')),
        `${url} carries the payloads`,
      ).toBe(true);
    }
  });

  test('JSON endpoints are JSON', async ({ request }) => {
    for (const url of ['/search/videos.json', '/data/promo-overlays.json']) {
      const response = await request.get(url);
      expect(response.headers()['content-type'], url).toMatch(/^application\/json/);
      const body = await response.text();
      expect(() => JSON.parse(body), url).not.toThrow();
      expect(body, url).toContain('alert(');
    }
  });
});
