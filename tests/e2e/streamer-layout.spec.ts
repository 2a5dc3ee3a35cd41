/**
 * The Streamer layout as a supporter sees it (spec §2 Layouts, hash links; WCAG 2.2 AA 1.4.3,
 * 1.4.11) on /videos/subscriptions: on a phone (390 × 844) the pinned header is opaque, at most
 * two rows and leaves every anchor link on screen; 'Watch live' on the red next-game card stands
 * apart from it (3 : 1) with readable text (4.5 : 1); the brand label reads (4.5 : 1); the header's
 * hash links scroll smoothly after 1 s and leave their section 130 px below the top.
 */
import { expect, test, type Page } from '@playwright/test';
import { quietFirstVisit } from './visits';

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

/** WCAG contrast of two CSS colours given as computed `rgb()`/`rgba()` strings (opaque). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const colours = (css: string) => css.match(/rgba?\([^)]*\)/g) ?? [];

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the pinned header is opaque, two rows at most, and every anchor link is on screen', async ({ page }) => {
    await page.goto('/videos/subscriptions');
    const header = page.locator('.streamer-header');
    const box = (await header.boundingBox())!;
    expect(box.height, 'header height').toBeLessThanOrEqual(110);
    const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background, 'an opaque background').toMatch(/^rgb\(/);
    for (const link of await header.getByRole('navigation', { name: 'On this page' }).getByRole('link').all()) {
      const b = (await link.boundingBox())!;
      expect(b.x, await link.innerText()).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, await link.innerText()).toBeLessThanOrEqual(390);
      expect(b.height, 'a target of 24 px or more').toBeGreaterThanOrEqual(24);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(390);
    // Scrolled: still pinned, and the page's text does not show through.
    await page.mouse.wheel(0, 700);
    await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
  });

  test('a replay card keeps its 16 : 9 thumbnail box before and after the image loads (nothing moves a hash scroll)', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/fit-in/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/videos/subscriptions');
    const thumbs = page.locator('.replays .video-card__thumb');
    const ratios = () => thumbs.evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().height / box.getBoundingClientRect().width));
    for (const ratio of await ratios()) expect(ratio, 'before the image').toBeCloseTo(9 / 16, 4);
    // Every thumbnail now, not only those near the viewport.
    await page.locator('.replays img').evaluateAll((images) => images.forEach((image) => ((image as HTMLImageElement).loading = 'eager')));
    release();
    await expect.poll(() => page.locator('.replays img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
    for (const ratio of await ratios()) expect(ratio, 'after the image').toBeCloseTo(9 / 16, 4);
  });

  test("'Watch live' stands apart from the red card; the brand label reads on navy", async ({ page }) => {
    await page.goto('/videos/subscriptions');
    const card = page.locator('#next-game .next-game');
    await expect(card).toHaveCount(1);
    // The card's primary button as src/components/LiveStreamButtons renders it, whether or not a stream is on air now.
    const button = card.locator('.button--primary-light').first();
    if ((await button.count()) === 0) {
      await card.evaluate((el) => {
        const b = document.createElement('button');
        b.className = 'button button--primary-light';
        b.textContent = 'Watch live';
        el.append(b);
      });
    }
    const style = await button.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
    const cardColours = colours(await card.evaluate((el) => getComputedStyle(el).backgroundImage));
    expect(cardColours.length).toBeGreaterThan(0);
    for (const red of cardColours) expect.soft(contrast(style.background, red), `button against the card's ${red}`).toBeGreaterThanOrEqual(3);
    expect.soft(contrast(style.color, style.background), 'the button text').toBeGreaterThanOrEqual(4.5);

    const eyebrow = page.locator('.streamer-intro .eyebrow');
    const label = await eyebrow.evaluate((el) => getComputedStyle(el).color);
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(contrast(label, body), 'the brand label').toBeGreaterThanOrEqual(4.5);
  });
});

test.describe('hash links (spec §2: smoothly to the anchor after 1 s with an offset of -130)', () => {
  interface Trace {
    scrollTo: { t: number; behavior: string }[];
    positions: { t: number; y: number }[];
    clicks: number[];
  }

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const trace: Trace = { scrollTo: [], positions: [], clicks: [] };
      (window as unknown as { __trace: Trace }).__trace = trace;
      const original = window.scrollTo.bind(window);
      window.scrollTo = ((...args: unknown[]) => {
        const options = typeof args[0] === 'object' && args[0] !== null ? (args[0] as ScrollToOptions) : {};
        trace.scrollTo.push({ t: performance.now(), behavior: options.behavior ?? 'auto' });
        (original as (...a: unknown[]) => void)(...args);
      }) as typeof window.scrollTo;
      addEventListener('scroll', () => trace.positions.push({ t: performance.now(), y: window.scrollY }), { capture: true, passive: true });
      addEventListener('click', () => trace.clicks.push(performance.now()), { capture: true });
    });
  });

  const trace = (page: Page) => page.evaluate(() => (window as unknown as { __trace: Trace }).__trace);
  const sectionTop = (page: Page, id: string) =>
    page.evaluate((anchor) => document.querySelector(`section[aria-labelledby="${anchor}-heading"]`)!.getBoundingClientRect().top, id);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the header's links at ${viewport.width} px: nothing moves at once, one smooth scroll after 1 s, the section 130 px below the top`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/videos/subscriptions');
      // The page settles first: the packages widget hydrates when seen and the replays' images load.
      await page.locator('#packages').scrollIntoViewIfNeeded();
      await expect(page.locator('[data-packages-widget="ready"]')).toBeVisible();
      await page.locator('#faqs').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      for (const [label, id] of [
        ['Packages', 'packages'],
        ['FAQs', 'faqs'],
      ] as const) {
        const before = await page.evaluate(() => window.scrollY);
        const clicksBefore = (await trace(page)).clicks.length;
        // A pointer click where the pinned link is (a locator's click would first scroll it "into view").
        const at = (await page.locator('.streamer-header').getByRole('link', { name: label, exact: true }).boundingBox())!;
        await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expect.poll(() => sectionTop(page, id), { timeout: 6_000 }).toBeCloseTo(130, -0.5);
        const { scrollTo, positions, clicks } = await trace(page);
        expect(clicks.length).toBe(clicksBefore + 1);
        const clicked = clicks.at(-1)!;
        const smooth = scrollTo.filter((c) => c.t > clicked && c.behavior === 'smooth');
        expect(smooth, label).toHaveLength(1);
        expect(smooth[0]!.t - clicked, 'the delay').toBeGreaterThanOrEqual(950);
        for (const p of positions.filter((p) => p.t > clicked && p.t < smooth[0]!.t))
          expect(Math.abs(p.y - before), `${label}: no jump before the scroll`).toBeLessThan(50);
      }
    });
  }
});
