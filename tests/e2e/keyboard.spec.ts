import { expect, test, type Locator, type Page } from '@playwright/test';
import { templateUrls } from '../../scripts/quality/templates.mjs';
import { quietFirstVisit } from './visits';

/**
 * Keyboard-only journeys: with nothing but Tab, Shift+Tab, Enter and Escape a reader
 * reaches and operates the main menu, the search overlay and the account panel; while a panel is
 * open focus stays inside it (it may pass to the browser's own UI — document.body — between the
 * last and the first element, as a native modal <dialog> does, but never onto the page behind),
 * and Escape closes the panel and returns focus to the button that opened it.
 */

const templates = templateUrls();
const article = templates.find((t) => t.name === 'article')!;
/** Upper bound of Tab presses to reach a header control from the top of the page. */
const MAX_TABS = 40;

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses Tab from the top of the page until `target` has focus; fails after MAX_TABS presses. */
async function tabTo(page: Page, target: Locator, what: string): Promise<number> {
  for (let presses = 1; presses <= MAX_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${what} was not reached with ${MAX_TABS} Tab presses (focus is on ${await describeFocus(page)})`);
}

async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'document.body';
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(/\s+/).join('.')}` : ''}> "${label}"`;
  });
}

/**
 * Tabs forwards then backwards through an open panel: every stop is inside `panel` (or
 * document.body, the browser UI stop of a native modal dialog), and focus comes back inside.
 */
async function expectFocusTrapped(page: Page, panel: Locator, what: string): Promise<void> {
  const focusables = await panel.evaluate(
    (el) =>
      el.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])')
        .length,
  );
  expect(focusables, `${what} has focusable elements`).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    let insideStops = 0;
    for (let i = 0; i < focusables + 3; i += 1) {
      await page.keyboard.press(key);
      const where = await panel.evaluate((el) => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'body';
        return el.contains(active) ? 'inside' : 'outside';
      });
      if (where === 'outside') throw new Error(`${key} moved focus out of the open ${what} onto ${await describeFocus(page)}`);
      if (where === 'inside') insideStops += 1;
    }
    expect(insideStops, `${key} stops inside the ${what}`).toBeGreaterThan(0);
  }
}

/** Focus is inside the panel now (or on it), e.g. right after it opened. */
async function expectFocusInside(panel: Locator, what: string): Promise<void> {
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement)), { message: `focus moves into the ${what} when it opens` }).toBe(true);
}

test.describe('keyboard only', () => {
  test.beforeEach(async ({ context, baseURL, page }) => {
    await quietFirstVisit(context, baseURL!);
    await page.goto(article.path);
    await page.waitForLoadState('networkidle');
  });

  test('main menu: Tab to Menu, Enter opens, focus trapped, Escape closes and returns focus', async ({ page }) => {
    const opener = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await tabTo(page, opener, 'the Menu button');
    await page.keyboard.press('Enter');
    const menu = page.locator('dialog#main-menu');
    await expect(menu).toBeVisible();
    await expectFocusInside(menu, 'menu');
    await expectFocusTrapped(page, menu, 'menu');
    // Operate it: a link inside is reachable and named.
    await expect(menu.getByRole('navigation', { name: 'Main menu' }).getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('main menu: the close button works from the keyboard', async ({ page }) => {
    const opener = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await tabTo(page, opener, 'the Menu button');
    await page.keyboard.press('Enter');
    const menu = page.locator('dialog#main-menu');
    await expect(menu).toBeVisible();
    const close = menu.getByRole('button', { name: /close/i });
    if (!(await isFocused(close))) await tabTo(page, close, 'the menu close button');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('account panel: Tab to Sign In, Enter opens, fields reachable, focus trapped, Escape closes and returns focus', async ({ page }) => {
    const opener = page.locator('header .header-action--profile');
    await tabTo(page, opener, "the header's profile button");
    await page.keyboard.press('Enter');
    const panel = page.locator('dialog#account-panel');
    await expect(panel, 'Enter on the profile button opens the account panel (not a navigation to /account/login)').toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${article.path}/?$`));
    await expectFocusInside(panel, 'account panel');
    const email = panel.getByLabel('Email address');
    await tabTo(page, email, 'the account panel email field');
    await page.keyboard.type('reader@example.com');
    await expect(email).toHaveValue('reader@example.com');
    await expectFocusTrapped(page, panel, 'account panel');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('search: Tab to Search, Enter opens, focus trapped, Escape closes and returns focus', async ({ page }) => {
    const opener = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await tabTo(page, opener, 'the Search button');
    await page.keyboard.press('Enter');
    const panel = page.locator('dialog#search-overlay');
    await expect(panel, "Enter on the header's Search button opens the search overlay").toBeVisible({ timeout: 6_000 });
    await expectFocusInside(panel, 'search overlay');
    const input = panel.getByRole('searchbox');
    await expect(input).toBeVisible();
    if (!(await isFocused(input))) await tabTo(page, input, 'the search input');
    await page.keyboard.type('stoke');
    await expect(input).toHaveValue('stoke');
    await expectFocusTrapped(page, panel, 'search overlay');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
