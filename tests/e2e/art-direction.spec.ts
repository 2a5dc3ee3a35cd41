import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';

/**
 * Demo art that serves the layout, at a phone (390 × 844) and a desktop
 * (1440 × 900): cropped images are positioned on their focal point (data/media/focal-points.json
 * through src/lib/artDirection), the /news lead story shows its title above the fold, and the
 * menu's featured tiles stack their label and text inside the tile.
 */

type Box = { x: number; y: number; width: number; height: number };
const focalPoints = JSON.parse(readFileSync(path.resolve('data/media/focal-points.json'), 'utf8')) as {
  images: Record<string, { x: number; y: number; slots?: Record<string, { x: number; y: number }> }>;
};

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;
const apart = (a: Box, b: Box) => a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x;

/** The object-position an image should have in `slot`: its focal point from the manifest. */
async function expectFocused(image: Locator, slot: string): Promise<void> {
  const src = (await image.getAttribute('src')) ?? '';
  const key = src.replace(/^.*\/fit-in\/\d+x\d+\//, '');
  const entry = focalPoints.images[key];
  expect(entry, `focal point of ${key}`).toBeDefined();
  const point = entry!.slots?.[slot] ?? entry!;
  expect(await image.evaluate((el) => getComputedStyle(el).objectPosition)).toBe(`${point.x}% ${point.y}%`);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('the /news lead story shows its title above the fold; on desktop it spans the grid, wide and short', async ({ page }) => {
      await page.goto('/news');
      const lead = page.locator('.news-card').first();
      const title = lead.locator('.news-card__title');
      await expect(title).toBeVisible();
      const t = await box(title);
      expect(t.y + t.height).toBeLessThanOrEqual(viewport.height);
      await expectFocused(lead.locator('img'), 'hero');
      if (viewport.width >= 1024) {
        const [grid, card] = await Promise.all([box(page.locator('.news-grid')), box(lead)]);
        expect(Math.abs(card.width - grid.width)).toBeLessThan(2);
        expect(card.height).toBeLessThan(card.width / 2);
      }
    });

    test('the menu’s featured tiles: art on its focal point, label and text stacked inside the tile', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await expect(page.locator('#main-menu')).toBeVisible();
      const tiles = page.locator('#main-menu .featured-tile');
      await expect(tiles).toHaveCount(2);
      for (const tile of await tiles.all()) {
        await expect(tile).toBeVisible();
        const [outer, label, text] = await Promise.all([box(tile), box(tile.locator('.featured-tile__label')), box(tile.locator('.featured-tile__text'))]);
        expect(inside(label, outer) && inside(text, outer)).toBe(true);
        expect(apart(label, text)).toBe(true);
        expect(label.y).toBeLessThan(text.y);
        await expectFocused(tile.locator('img'), 'tile');
      }
    });

    test('the home hero, news cards and player portraits are cropped on their focal points', async ({ page }) => {
      await page.goto('/');
      await expectFocused(page.locator('.home-hero__image'), 'hero');
      await expectFocused(page.locator('.news-card img').first(), 'card');
      await page.goto('/teams/first-team');
      await expectFocused(page.locator('.player-card img').first(), 'portrait');
    });
  });
}
