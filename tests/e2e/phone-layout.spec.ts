import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';
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
    expect.soft(pinned.documentWidth, `document width of ${path} with the header pinned`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(pinned.overflowing, `elements past the right edge of ${path} with the header pinned`).toEqual([]);

    const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
    const small = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} — ${n.html.replace(/\s+/g, ' ').slice(0, 160)}`));
    expect(small, `targets under 24 × 24 px on ${path}`).toEqual([]);
  });
}
