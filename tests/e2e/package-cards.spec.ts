/**
 * The package cards as a supporter sees them (spec §2 Packages widget) at 390 × 844 and
 * 1440 × 900: the front shows the body's first paragraph when it has room (no empty gap between
 * title and price) and never scrolls inside; every Buy label stays on one line; a package with a
 * custom label ('Best value') is the one with the gold border; cards that all fit sit centred.
 */
import { expect, test, type Page } from '@playwright/test';
import { readJson } from './data';
import { quietFirstVisit } from './visits';

interface DemoPackage {
  id: string;
  mode: string;
  attributes: { description: string; styleData: { customLabel: string | null }; priceData: unknown[] };
}
const packagesData = readJson<DemoPackage[]>('demo/packages.json');
const subscriptions = packagesData.filter((p) => p.mode === 'subscription');
const matchPasses = packagesData.filter((p) => p.mode === 'match-pass');
const GOLD = 'rgb(242, 193, 78)';

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

async function openPackages(page: Page): Promise<void> {
  await page.goto('/videos/subscriptions');
  await page.locator('#packages').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-packages-widget="ready"]')).toBeVisible();
}

/** The plain text of the first paragraph of a package's HTML description. */
const leadOf = (html: string) =>
  (/<p>(.*?)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('the front: the first paragraph where there is room, nothing scrolls inside, Buy on one line', async ({ page }) => {
      await openPackages(page);
      for (const pkg of subscriptions) {
        const card = page.locator(`[data-package-id="${pkg.id}"]`);
        const front = card.locator('.package-card__front');
        if (pkg.attributes.priceData.length === 1) await expect(front.getByText(leadOf(pkg.attributes.description), { exact: true }), pkg.id).toBeVisible();
        const overflow = await front.evaluate((el) => el.scrollHeight - el.clientHeight);
        expect(overflow, `${pkg.id}: the front scrolls inside`).toBeLessThanOrEqual(1);
        for (const buy of await front.locator('.package-card__buy').all()) {
          const fit = await buy.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const style = getComputedStyle(el);
            const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return { text: el.textContent, width: range.getBoundingClientRect().width, inner, lines: range.getClientRects().length };
          });
          expect(fit.width, `'${fit.text}' fits its button`).toBeLessThanOrEqual(fit.inner + 0.5);
          expect((await buy.boundingBox())!.height, `'${fit.text}' on one line`).toBeLessThan(48);
        }
        // No large empty gap: the last thing above the prices ends near them.
        const gap = await front.evaluate((el) => {
          const prices = el.querySelector('.package-card__prices')!.getBoundingClientRect().top;
          const above = [...el.querySelectorAll('.package-card__title, .package-card__owned, .package-card__body--lead')].filter(
            (n) => (n as HTMLElement).offsetParent !== null,
          );
          return prices - Math.max(...above.map((n) => n.getBoundingClientRect().bottom));
        });
        expect(gap, `${pkg.id}: the gap above the prices`).toBeLessThanOrEqual(120);
      }
      // The match passes (long titles and bodies) fit their fronts too.
      await page.locator('[data-packages-widget]').getByRole('tab', { name: 'Match passes' }).click();
      for (const pkg of matchPasses) {
        const front = page.locator(`[data-package-id="${pkg.id}"] .package-card__front`);
        await expect(front.locator('.package-card__buy').first()).toBeVisible();
        expect(await front.evaluate((el) => el.scrollHeight - el.clientHeight), `${pkg.id}: the front scrolls inside`).toBeLessThanOrEqual(1);
      }
    });

    test('the package with a custom label has the gold border, and only it', async ({ page }) => {
      await openPackages(page);
      const labelled = subscriptions.filter((p) => p.attributes.styleData.customLabel);
      expect(labelled.length).toBeGreaterThan(0);
      for (const pkg of subscriptions) {
        const colour = await page.locator(`[data-package-id="${pkg.id}"] .package-card__front`).evaluate((el) => getComputedStyle(el).borderTopColor);
        if (pkg.attributes.styleData.customLabel) expect(colour, pkg.id).toBe(GOLD);
        else expect(colour, pkg.id).not.toBe(GOLD);
      }
    });
  });
}

test('at 1440 × 900, cards that all fit sit centred in the carousel', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPackages(page);
  const { left, right } = await page
    .locator('[data-packages-widget] .packages-carousel__viewport')
    .first()
    .evaluate((viewport) => {
      const box = viewport.getBoundingClientRect();
      const cards = [...viewport.querySelectorAll('.package-card')].map((c) => c.getBoundingClientRect());
      return { left: Math.min(...cards.map((c) => c.left)) - box.left, right: box.right - Math.max(...cards.map((c) => c.right)) };
    });
  expect(right, 'the cards all fit').toBeGreaterThanOrEqual(0);
  expect(Math.abs(left - right), `space left ${left} px, right ${right} px`).toBeLessThanOrEqual(12);
});
