import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';
import { slidesInView } from './carousels';
import { readJson } from './data';
import { quietFirstVisit } from './visits';

/**
 * Every page template on a phone, 390 × 844 (WCAG 2.2 AA 1.4.10 Reflow, 2.5.8 Target Size): the
 * document is no wider than the screen, no visible element ends past the right edge unless a
 * scroll container holds it (a carousel, a wide table), also once the sticky header is pinned, and
 * axe's `target-size` rule (off by default in axe, so the WCAG scans do not run it) passes.
 * URLs come from the dataset (scripts/quality/templates.mjs) plus the templates it does not list.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

interface Match {
  season: string;
  date: string;
  status: string;
}
const latestPlayed = readJson<Match[]>('real/stoke-matches.json')
  .filter((m) => m.status === 'played')
  .sort((a, b) => b.date.localeCompare(a.date))[0]!;
const playedSeason = latestPlayed.season.replace('/', '-');

const pages: { label: string; path: string; status: number }[] = [
  ...templateUrls().map(({ label, path, status }) => ({ label, path, status })),
  { label: 'Fixtures of a season, with its league table', path: `/matches/first-team/${playedSeason}`, status: 200 },
  { label: 'Teams', path: '/teams', status: 200 },
  { label: 'Stoke City+', path: '/videos/subscriptions', status: 200 },
  { label: 'Register', path: '/account/register', status: 200 },
  { label: 'Forgotten password', path: '/account/forgot-password', status: 200 },
  { label: 'Confirm', path: '/account/confirm', status: 200 },
  { label: 'Profile', path: '/account/profile', status: 200 },
];

/**
 * Visible elements whose right edge passes the screen's, outside any scroll or clip container
 * below <body> (html and body clipping would only hide the overflow, so they do not count).
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const out: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${id}${cls}>`;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const own = getComputedStyle(el);
      if (own.clip !== 'auto' || own.clipPath !== 'none') continue;
      let held = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.clipPath !== 'none') {
          held = true;
          break;
        }
      }
      if (!held) out.push(`${describe(el)} right ${Math.round(box.right)} px "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`);
    }
    return out;
  }, PHONE.width);
}

/** Width of the document and the elements that pass the screen's right edge. */
async function layout(page: Page): Promise<{ documentWidth: number; overflowing: string[] }> {
  return { documentWidth: await page.evaluate(() => document.documentElement.scrollWidth), overflowing: await overflowing(page) };
}

for (const { label, path, status } of pages) {
  test(`${label} ${path} fits a phone and its targets are large enough`, async ({ page, context, baseURL }) => {
    test.slow();
    await quietFirstVisit(context, baseURL!);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await page.waitForLoadState('networkidle');

    const top = await layout(page);
    expect.soft(top.documentWidth, `document width of ${path}`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(top.overflowing, `elements past the right edge of ${path}`).toEqual([]);

    // Scrolled down and back up a little, the sticky header is pinned.
    await page.mouse.wheel(0, 1600);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(500);
    const pinned = await layout(page);
    const header = await page.evaluate(() => ({
      sticky: document.getElementById('sticky-nav')?.dataset.sticky,
      height: document.documentElement.scrollHeight,
    }));
    if (header.sticky !== undefined && header.height > 3 * PHONE.height) expect.soft(header.sticky, `the sticky header of ${path} is pinned`).toBe('true');
    expect.soft(pinned.documentWidth, `document width of ${path} with the header pinned`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(pinned.overflowing, `elements past the right edge of ${path} with the header pinned`).toEqual([]);

    const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    expect(
      [...results.passes, ...results.violations, ...results.incomplete].map((r) => r.id),
      'axe ran target-size',
    ).toContain('target-size');
    const small = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} — ${n.html.replace(/\s+/g, ' ').slice(0, 160)}`));
    expect(small, `targets under 24 × 24 px on ${path}`).toEqual([]);
  });
}

const deductionSeason = readJson<{ season: string }[]>('club/deductions.json')
  .map((d) => d.season)
  .filter((season) => readJson<Match[]>('real/stoke-matches.json').some((m) => m.season.replace('/', '-') === season))
  .sort()
  .at(-1)!;

/** Boxes smaller than `min` px (height, and width when `square`) among the elements a selector finds. */
async function smallerThan(page: Page, selector: string, min: number, square = false): Promise<string[]> {
  return page.locator(selector).evaluateAll(
    (elements, [min, square]) =>
      elements
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < min || (square && box.width < min))
        .map(({ el, box }) => `${Math.round(box.width)} × ${Math.round(box.height)} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`),
    [min, square] as const,
  );
}

test.describe('matchday pages on a phone', () => {
  test('fixtures pages: their links and filters are 44 px high, a points-deduction mark 24 × 24', async ({ page, context, baseURL }) => {
    test.slow();
    await quietFirstVisit(context, baseURL!);
    const primary = [
      'nav[aria-label="Teams"] a',
      'nav[aria-label="Seasons"] a',
      'a.jump',
      '.calendar-links a',
      '.comp-filter__option',
      '.match-row a',
      '[data-subscribe-promo] a',
    ].join(', ');
    // The current season (upcoming fixtures carry a calendar link) and a season with a deduction.
    for (const path of ['/matches', `/matches/first-team/${deductionSeason}`]) {
      await page.goto(path);
      expect(await smallerThan(page, primary, 44), `matchday controls under 44 px high on ${path}`).toEqual([]);
      expect(await smallerThan(page, '.league-table a', 24, true), `league-table links under 24 × 24 px on ${path}`).toEqual([]);
    }
    await expect(page.getByRole('link', { name: /points deducted/ }).first()).toBeAttached();
  });

  test('home: the match cards’ and the table’s links are 44 px high', async ({ page, context, baseURL }) => {
    await quietFirstVisit(context, baseURL!);
    await page.goto('/');
    const links = page.locator('.match-card a, .preseason-card a, .home-table a');
    await expect(links.first()).toBeAttached();
    expect(
      await smallerThan(page, '.home-matches .section-head a, .match-card a, .preseason-card a, .home-table > a', 44),
      'home matchday links under 44 px high',
    ).toEqual([]);
    expect(await smallerThan(page, '.home-table .league-table a', 24, true), 'table links under 24 × 24 px').toEqual([]);
  });

  test('match centre: a long club name breaks between its words, never inside one', async ({ page, context, baseURL }) => {
    await quietFirstVisit(context, baseURL!);
    await page.goto('/match/first-team/2026-27/2026-08-29-wolverhampton-wanderers');
    const names = page.locator('.scoreboard__team > span:last-child');
    await expect(names.first()).toHaveText('Wolverhampton Wanderers');
    // Each word on a line of its own at most: as many line boxes as words, or fewer.
    const lines = await names.evaluateAll((spans) =>
      spans.map((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { name: span.textContent ?? '', lines: tops.size, words: (span.textContent ?? '').trim().split(/\s+/).length };
      }),
    );
    for (const { name, lines: n, words } of lines) expect(n, `${name} on ${n} lines`).toBeLessThanOrEqual(words);
  });

  test("the club's crest holds its frame while it loads: nothing moves when it arrives", async ({ page, context, baseURL }) => {
    await quietFirstVisit(context, baseURL!);
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node | null }[] }[])
          w.shifts.push(`${entry.value.toFixed(5)} ${entry.sources.map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName)).join(', ')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const matchCentre = templateUrls().find((t) => t.name === 'match-centre')!.path;
    for (const path of [matchCentre, `/matches/first-team/${playedSeason}`]) {
      // The crest arrives only once the page has laid out without it, as on a slow phone.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const holdCrest = async (route: Route) => {
        await held;
        await route.continue();
      };
      await page.route('**/media/club/crest.svg', holdCrest);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const crests = page.locator('main img[src="/media/club/crest.svg"]');
      await expect(crests.first(), path).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      release();
      await expect.poll(() => crests.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
      await page.unroute('**/media/club/crest.svg', holdCrest);
    }
  });

  test('the full league table shows Pos, Club, P, GD and Pts first, inside the screen', async ({ page, context, baseURL }) => {
    await quietFirstVisit(context, baseURL!);
    await page.goto(`/matches/first-team/${playedSeason}`);
    const headers = page.locator('#league-table thead th:visible');
    expect((await headers.allInnerTexts()).slice(0, 5)).toEqual(['Pos', 'Club', 'P', 'GD', 'Pts']);
    await page.locator('#league-table').scrollIntoViewIfNeeded();
    const points = await headers.nth(4).boundingBox();
    expect(points!.x + points!.width, 'right edge of the Pts column').toBeLessThanOrEqual(PHONE.width);
    // Each column is in the table once: the other order's cells are not rendered at this width.
    await expect(page.locator('#league-table tbody tr').first().locator('td:visible, th:visible')).toHaveCount(11);
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false });

    test('the full league table keeps the usual column order', async ({ page, context, baseURL }) => {
      await quietFirstVisit(context, baseURL!);
      await page.goto(`/matches/first-team/${playedSeason}`);
      const headers = await page.locator('#league-table thead th:visible').allInnerTexts();
      expect(headers.slice(0, 10)).toEqual(['Pos', 'Club', 'P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Pts']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    });
  });
});

test.describe('long lists on a phone', () => {
  test('/videos: every category is a carousel, one video in view and the next peeking in', async ({ page, context, baseURL }) => {
    await quietFirstVisit(context, baseURL!);
    await page.goto('/videos');
    const rows = page.locator('[data-video-section]');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      const slug = await row.getAttribute('data-video-section');
      const count = await row.locator('[data-video-card]').count();
      await expect(row.locator('[data-carousel]'), `${slug} is a carousel`).toHaveCount(1);
      const shown = await slidesInView(row.locator('[data-carousel]'));
      expect(shown, `${slug}: cards in view`).toEqual({ full: 1, peeking: count > 1 ? 1 : 0 });
    }
  });

  test('sponsors: the logos of a row sit side by side, not one per line', async ({ page, context, baseURL }) => {
    await quietFirstVisit(context, baseURL!);
    await page.goto('/news');
    const rows = page.locator('.sponsor-row');
    await expect(rows.first()).toBeAttached();
    for (const row of await rows.all()) {
      const tops = await row
        .locator('li')
        .evaluateAll((items) => items.filter((li) => li.checkVisibility()).map((li) => Math.round(li.getBoundingClientRect().top)));
      if (tops.length < 2) continue;
      expect(tops[1], `${await row.getAttribute('data-row')}: the second logo beside the first`).toBe(tops[0]);
    }
  });
});

/** The small text links of the chrome and the forms: each at least 24 px high, on a phone and on a desktop. */
const SMALL_LINKS = '.global-nav__link, .breadcrumbs a, .form__forgot';
const withSmallLinks = templateUrls()
  .filter(({ name }) => ['home', 'match-centre', 'player', 'login'].includes(name))
  .map(({ path }) => path);
for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
  test.describe(`small links at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport, isMobile: viewport.width < 700, hasTouch: viewport.width < 700 });
    for (const path of withSmallLinks) {
      test(`${path}: top-bar links, breadcrumbs and 'Forgotten your password?' are 24 px high`, async ({ page, context, baseURL }) => {
        await quietFirstVisit(context, baseURL!);
        await page.goto(path);
        await expect(page.locator(SMALL_LINKS).first()).toBeAttached();
        expect(await smallerThan(page, SMALL_LINKS, 24), `links under 24 px high on ${path}`).toEqual([]);
      });
    }
  });
}
