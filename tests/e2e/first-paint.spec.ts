import { expect, test, type Page, type Route } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';
import { quietFirstVisit } from './visits';

/**
 * Nothing painted moves while the page arrives (Lighthouse's layout-shift gate, CLS 0): a browser
 * may paint wherever its parser pauses (after an inline script, a custom element, or a time
 * slice), so the page is cut before every tag of the header and the match centre's hero in turn,
 * each prefix is loaded on its own, and every element it paints must stand where the whole page
 * puts it. Module scripts are held back in both, so the comparison is of first paints.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A stretch of a page's markup, from the first `from` to the first `to` after it. */
interface Stretch {
  from: string;
  to: string;
}
const HEADER: Stretch = { from: '<header', to: '</header>' };
const HERO: Stretch = { from: '<section class="hero match-hero', to: '</section>' };

/** Match centres: a result with the club's crest; a fixture with a countdown and a name on two lines. */
const RESULT = templateUrls().find((t) => t.name === 'match-centre')!.path;
const FIXTURE = '/match/first-team/2026-27/2026-08-29-wolverhampton-wanderers';

/** Top-left corner, size and visibility of every element of the body, in document order. */
function boxes(page: Page): Promise<{ name: string; x: number; y: number; painted: boolean }[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')].map((el) => {
      const r = el.getBoundingClientRect();
      const name = `${el.nodeName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
      const painted = r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      return { name, x: r.x + scrollX, y: r.y + scrollY, painted };
    }),
  );
}

/** Loads `body` as the page at `path`, with its module scripts held back. */
async function load(page: Page, path: string, body: string): Promise<void> {
  const serve = (route: Route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  await page.route(path, serve);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.unroute(path, serve);
}

/** Drawing parts inside an <svg>: they change nothing around it (its size is in its attributes). */
const DRAWING = /^<(?:path|circle|rect|line|polyline|polygon|g|use)\b/;

/**
 * Whether a cut before the `<` at `at` gives a page no other cut gives: before a start tag (but a
 * drawing part), or before an end tag that closes text (the text has arrived, the end has not).
 */
function newPart(html: string, at: number): boolean {
  if (html[at + 1] !== '/') return !DRAWING.test(html.slice(at, at + 12));
  return html.slice(html.lastIndexOf('>', at) + 1, at).trim() !== '';
}

/**
 * The elements that a paint of `path` cut before any tag within `stretches` shows in one place and
 * the whole page in another (by more than half a pixel), as "cut at N: element x,y → x,y".
 */
async function movedWhileArriving(page: Page, path: string, stretches: Stretch[]): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  await page.route(/\/_astro\/.*\.js$|\.(?:avif|webp|png|jpe?g)$/, (route) => route.abort());
  await load(page, path, html);
  const whole = await boxes(page);
  const cuts: number[] = [];
  for (const { from, to } of stretches) {
    const start = html.indexOf(from);
    const end = html.indexOf(to, start);
    expect(start, `${from} on ${path}`).toBeGreaterThan(0);
    for (let i = html.indexOf('<', start + 1); i !== -1 && i <= end; i = html.indexOf('<', i + 1)) {
      if (newPart(html, i)) cuts.push(i);
      // A closed dialog is not painted, whatever has arrived of it.
      if (html.startsWith('<dialog', i)) i = html.indexOf('</dialog>', i);
    }
  }
  const moved: string[] = [];
  for (const cut of cuts) {
    await load(page, path, html.slice(0, cut));
    const painted = await boxes(page);
    painted.forEach((part, i) => {
      const final = whole[i];
      if (!part.painted) return;
      if (!final || final.name !== part.name) moved.push(`cut at ${cut}: ${part.name} is not where the whole page has it (${final?.name})`);
      else if (Math.abs(final.x - part.x) > 0.5 || Math.abs(final.y - part.y) > 0.5)
        moved.push(`cut at ${cut}: ${part.name} ${part.x.toFixed(1)},${part.y.toFixed(1)} → ${final.x.toFixed(1)},${final.y.toFixed(1)}`);
    });
  }
  await page.unrouteAll();
  return moved;
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`first paint at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
    test.describe.configure({ timeout: 120_000 });

    test('the header and a result’s hero: a part that arrives later moves nothing painted', async ({ page, context, baseURL }) => {
      await quietFirstVisit(context, baseURL!);
      expect(await movedWhileArriving(page, RESULT, [HEADER, HERO])).toEqual([]);
    });

    test('a fixture’s hero, with its countdown and calendar link: a part that arrives later moves nothing painted', async ({ page, context, baseURL }) => {
      await quietFirstVisit(context, baseURL!);
      expect(await movedWhileArriving(page, FIXTURE, [HERO])).toEqual([]);
    });
  });
}

test('every template: a block painted whole is shown once the page has arrived', async ({ page, context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
  for (const { path } of templateUrls()) {
    await page.goto(path);
    const blocks = page.locator('[data-paint-whole]');
    expect(await blocks.count(), `blocks painted whole on ${path}`).toBeGreaterThan(0);
    for (const block of await blocks.all()) expect(await block.evaluate((el) => el.checkVisibility({ visibilityProperty: true })), path).toBe(true);
  }
});

test('a fixture’s countdown: its clock stands in place before its script fills it, so nothing below moves', async ({ page, context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
  const calendar = page.getByRole('link', { name: 'Add to calendar' });
  await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
  await page.goto(FIXTURE);
  await expect(page.locator('[data-countdown] .countdown__clock')).toBeVisible();
  const before = await calendar.boundingBox();
  await page.unrouteAll();
  await page.goto(FIXTURE);
  await expect(page.locator('[data-countdown][data-ticking] [data-unit="days"]')).toBeVisible();
  expect(await calendar.boundingBox()).toEqual(before);
});
