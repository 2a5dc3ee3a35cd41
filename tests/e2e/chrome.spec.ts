import { expect, test, type Page } from '@playwright/test';

const TAG_MANAGER = /\/stand-ins\/tag-manager\.js/;

/** Counts requests to the tag manager stand-in made by the page or its workers. */
function countTagManager(page: Page): { count: () => number } {
  let n = 0;
  page.context().on('request', (r) => {
    if (TAG_MANAGER.test(r.url())) n += 1;
  });
  return { count: () => n };
}

test.describe('cookie consent', () => {
  test('no tag-manager request before consent, one after Accept all cookies', async ({ page }) => {
    const tm = countTagManager(page);
    await page.goto('/news');
    const notice = page.getByRole('region', { name: /cookies/i }).or(page.locator('#cookie-notice'));
    await expect(page.locator('#cookie-notice')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(tm.count()).toBe(0);
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect.poll(() => tm.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect(notice.first()).toBeHidden();
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]));
    expect(cookies.cookie_consent_given?.value).toBe('true');
    expect(cookies.cookie_analytics_consent_given?.value).toBe('true');
    const days = ((cookies.cookie_consent_given?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
  });

  test('Only Essential keeps third parties away, across pages', async ({ page }) => {
    const tm = countTagManager(page);
    await page.goto('/news');
    await page.getByRole('button', { name: 'Only Essential' }).click();
    await expect(page.locator('#cookie-notice')).toBeHidden();
    await page.goto('/matches');
    await expect(page.locator('#cookie-notice')).toBeHidden();
    await page.waitForTimeout(1000);
    expect(tm.count()).toBe(0);
  });

  test('a page-view event reaches the tag manager 250 ms after a route change, with consent', async ({ page }) => {
    const events: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('[tag manager stand-in] {')) events.push(m.text());
    });
    await page.goto('/news');
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Matches' }).click();
    await expect(page).toHaveURL(/\/matches\/?$/);
    await expect.poll(() => events.some((e) => e.includes('"event":"page_view"') && e.includes('"page_path":"/matches'))).toBe(true);
    // Partytown started once and its line to the worker survives further navigations.
    await page.getByRole('banner').getByRole('link', { name: 'News' }).first().click();
    await expect(page).toHaveURL(/\/news\/?$/);
    await expect.poll(() => events.filter((e) => e.includes('"event":"page_view"') && e.includes('"page_path":"/news')).length).toBeGreaterThan(0);
    await expect(page.locator('iframe[src*="partytown-sandbox"]')).toHaveCount(1);
  });
});

test.describe('child-friendly mode', () => {
  test('on by default, hides a sponsor not flagged child friendly, remembered', async ({ page }) => {
    await page.goto('/');
    const sponsor = page.locator('footer .sponsor[data-child-friendly="0"]').first();
    const friendly = page.locator('footer .sponsor[data-child-friendly="1"]').first();
    await expect(sponsor).toHaveCount(1);
    await expect(sponsor).toBeHidden();
    await expect(friendly).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Child-friendly' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(sponsor).toBeVisible();
    await page.reload();
    await expect(sponsor).toBeVisible();
    await page.getByRole('button', { name: 'Child-friendly' }).click();
    await expect(sponsor).toBeHidden();
  });
});

test.describe('header', () => {
  test('the sticky header hides on scroll down and returns on scroll up', async ({ page }) => {
    await page.goto('/matches/first-team/2023-24');
    const bar = page.locator('#sticky-nav');
    await expect(bar).toHaveAttribute('data-hidden', 'true');
    await page.mouse.wheel(0, 1200);
    await expect(bar).toHaveAttribute('data-sticky', 'true');
    await expect(bar).toHaveAttribute('data-hidden', 'true');
    await page.mouse.wheel(0, -200);
    await expect(bar).toHaveAttribute('data-hidden', 'false');
    await expect(bar.getByRole('link', { name: /Buy Tickets/ })).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect(bar).toHaveAttribute('data-hidden', 'true');
  });

  test('Escape closes the menu and the account panel and returns focus', async ({ page }) => {
    await page.goto('/news');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await expect(page.locator('#main-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(menuButton).toBeFocused();

    const profile = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await profile.click();
    const panel = page.locator('#account-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Password')).toBeVisible();
    await expect(panel.getByText('or sign in with')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(profile).toBeFocused();
  });

  test('React is not fetched before someone reaches for the header', async ({ page }) => {
    const scripts: string[] = [];
    // React DOM is known by its content (its error links), not a chunk name: our own typed API
    // client's chunk is called client.* too.
    const reactDom: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      scripts.push(r.url());
      if ((await r.text().catch(() => '')).includes('react.dev/errors')) reactDom.push(r.url());
    });
    await page.goto('/news', { waitUntil: 'networkidle' });
    expect(scripts.filter((u) => /HeaderActions/.test(u))).toEqual([]);
    expect(reactDom).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).hover();
    await expect.poll(() => scripts.some((u) => /HeaderActions/.test(u))).toBe(true);
    // … and React DOM with it, recognised by the same check as above.
    await expect.poll(() => reactDom.length).toBeGreaterThan(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('links navigate and the menu still opens', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Matches' }).click();
    await expect(page).toHaveURL(/\/matches\/?$/);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#main-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#main-menu')).toBeHidden();
  });
});
