import { expect, test, type Page, type Route } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';
import { quietFirstVisit } from './visits';

/**
 * The strict Content-Security-Policy in Chromium on the production build as scripts/serve.mjs
 * serves it (docs/security-headers.md): every template, and a visit using the islands and the
 * client router across every template, runs without a violation; injected inline and data:
 * scripts, handler attributes, <object>, <base> and inline styles are blocked and reported — and
 * run once the policy is taken away, so each injection is known to work.
 */

/** One Content-Security-Policy violation as the page saw it. */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Collects violations from `securitypolicyviolation` events (page and frames) and CSP console errors (page and workers). */
async function watchViolations(page: Page): Promise<{ all: () => string[]; events: Violation[] }> {
  const events: Violation[] = [];
  const console: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    events.push(violation);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (v: Violation) => void }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  const onConsole = (text: string) => {
    if (/Content.Security.Policy|violates the following/i.test(text)) console.push(text);
  };
  page.on('console', (message) => onConsole(message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => onConsole(message.text())));
  page.on('pageerror', (error) => onConsole(error.message));
  return {
    events,
    all: () => [...events.map((v) => `${v.directive} blocked ${v.blocked} at ${v.source}`), ...console],
  };
}

/** Follows a same-origin link through the client router (as a click on a link to `path` would) and waits for the new page. */
async function routerNavigate(page: Page, path: string): Promise<void> {
  const loaded = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('astro:page-load', () => resolve(), { once: true })));
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'router test link';
    document.body.append(link);
    link.click();
  }, path);
  await loaded;
  await expect(page).toHaveURL((url) => url.pathname.replace(/\/$/, '') === path.replace(/\/$/, ''));
}

const templates = templateUrls();

test.describe('no violations on any page template', () => {
  for (const template of templates) {
    test(`${template.label} (${template.path})`, async ({ page }) => {
      const violations = await watchViolations(page);
      const res = await page.goto(template.path);
      expect(res?.status()).toBe(template.status);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.waitForLoadState('networkidle');
      await page.mouse.wheel(0, 20_000);
      await page.waitForLoadState('networkidle');
      expect(violations.all()).toEqual([]);
    });
  }
});

test('no violations while using the islands, Partytown and the client router across every template', async ({ page, baseURL }) => {
  // Fourteen pages, Pagefind and Partytown: minutes when the machine is busy.
  test.setTimeout(240_000);
  await quietFirstVisit(page.context(), baseURL ?? '', { consent: false });
  const violations = await watchViolations(page);
  let tagManagerLoads = 0;
  page.context().on('request', (request) => {
    if (request.url().includes('/stand-ins/tag-manager.js')) tagManagerLoads += 1;
  });
  await page.goto('/');
  const banner = page.getByRole('banner');

  await banner.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#main-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#main-menu')).toBeHidden();

  await banner.getByRole('button', { name: 'Search' }).click();
  const overlay = page.locator('dialog#search-overlay');
  await overlay.getByRole('searchbox').fill('Stoke');
  await overlay.getByRole('button', { name: 'Search', exact: true }).click();
  // Pagefind fetches and compiles its WebAssembly on first use: slow on a loaded machine.
  await expect(overlay.locator('.search-hit').first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  await banner.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.locator('#account-panel').getByLabel('Password')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Accept all cookies' }).click();
  await expect.poll(() => tagManagerLoads, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expect(page.locator('iframe[src*="partytown-sandbox"]')).toHaveCount(1);

  for (const template of templates.filter((t) => t.status === 200)) {
    await routerNavigate(page, template.path);
    await page.mouse.wheel(0, 20_000);
  }
  // Partytown's worker keeps the network busy, so no 'networkidle' here: a moment for lazy parts.
  await page.waitForTimeout(2_000);
  expect(violations.all()).toEqual([]);
});

test('no violations with the overlay promo showing', async ({ page, baseURL }) => {
  await quietFirstVisit(page.context(), baseURL ?? '', { promos: false });
  const violations = await watchViolations(page);
  await page.goto('/');
  await expect(page.locator('dialog.promo-overlay, .promo-overlay').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations.all()).toEqual([]);
});

/**
 * What an attacker would get into a page: one item per protection, each setting a flag if it runs
 * or applies. URLs are absolute (`origin`), since the injected <base> would move relative ones.
 */
const injected = (origin: string) =>
  [
    '<script>window.__injected = (window.__injected || []).concat("inline script")</script>',
    '<script src="data:text/javascript,window.__injected=(window.__injected||[]).concat(%22data%20script%22)"></script>',
    `<img src="${origin}/favicon.svg" alt="" onload="window.__injected=(window.__injected||[]).concat('event handler')">`,
    `<object data="${origin}/favicon.svg" type="image/svg+xml" width="10" height="10" id="injected-object"></object>`,
    '<style>#injected-styled { outline-offset: 7px; }</style>',
    '<p id="injected-styled">styled by an injected style element</p>',
    '<p id="injected-attribute" style="outline-offset: 5px">styled by an injected attribute</p>',
    '<base href="https://attacker.invalid/">',
  ].join('\n');

/**
 * Serves the news page with {@link injected} code in its body; `withoutPolicy` also drops the
 * Content-Security-Policy there, and the framing protections of the SVG the <object> shows.
 */
async function injectIntoNews(page: Page, withoutPolicy = false): Promise<void> {
  if (withoutPolicy) {
    await page.route(/^http:\/\/127\.0\.0\.1:\d+\/favicon\.svg$/, async (route: Route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response, headers });
    });
  }
  await page.route(/\/news\/?$/, async (route: Route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    if (withoutPolicy) delete headers['content-security-policy'];
    delete headers['content-length'];
    delete headers['content-encoding'];
    const body = (await response.text()).replace('</body>', `${injected(new URL(route.request().url()).origin)}\n</body>`);
    await route.fulfill({ response, headers, body });
  });
}

/** What of the {@link injected} code ran or applied. */
async function injectedEffects(page: Page): Promise<{ ran: string[]; base: string; object: boolean; styleElement: string; styleAttribute: string }> {
  return page.evaluate(() => {
    const object = document.getElementById('injected-object') as HTMLObjectElement | null;
    return {
      ran: (window as unknown as { __injected?: string[] }).__injected ?? [],
      base: document.baseURI,
      object: Boolean(object?.contentDocument),
      styleElement: getComputedStyle(document.getElementById('injected-styled') as Element).outlineOffset,
      styleAttribute: getComputedStyle(document.getElementById('injected-attribute') as Element).outlineOffset,
    };
  });
}

test.describe('injected code', () => {
  test('is blocked and reported: inline and data: scripts, handlers, <object>, <base>, inline styles', async ({ page, baseURL }) => {
    const violations = await watchViolations(page);
    await injectIntoNews(page);
    await page.goto('/news');
    await page.waitForLoadState('networkidle');
    const effects = await injectedEffects(page);
    expect(effects.ran).toEqual([]);
    expect(effects.base).toBe(`${baseURL}/news`);
    expect(effects.object).toBe(false);
    expect(effects.styleElement).toBe('0px');
    expect(effects.styleAttribute).toBe('0px');
    const reported = violations.events.map((v) => `${v.directive} ${v.blocked}`);
    for (const expected of [
      'base-uri',
      'script-src-elem inline',
      'script-src-elem data',
      'script-src-attr inline',
      'object-src',
      'style-src-elem inline',
      'style-src-attr inline',
    ]) {
      expect(
        reported.some((r) => r.startsWith(expected)),
        `${expected} in ${JSON.stringify(reported)}`,
      ).toBe(true);
    }
    // The site's own code still runs under the same policy: the header's islands hydrate.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#main-menu')).toBeVisible();
  });

  test('runs when the policy is taken away (so the test above can fail)', async ({ page }) => {
    await injectIntoNews(page, true);
    await page.goto('/news');
    await page.waitForLoadState('networkidle');
    const effects = await injectedEffects(page);
    expect(effects.ran.sort()).toEqual(['data script', 'event handler', 'inline script']);
    expect(effects.base).toBe('https://attacker.invalid/');
    expect(effects.object).toBe(true);
    expect(effects.styleElement).toBe('7px');
    expect(effects.styleAttribute).toBe('5px');
  });

  test('is blocked when a script writes it into the page at run time (DOM XSS)', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/news');
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/no-such-image.png" alt="" onerror="window.__injected=[\'run-time handler\']">';
      document.body.append(holder);
      const script = document.createElement('script');
      script.textContent = "window.__injected = ['run-time inline script']";
      document.body.append(script);
    });
    await expect.poll(() => violations.events.filter((v) => v.directive.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { __injected?: string[] }).__injected)).toBeUndefined();
  });
});
