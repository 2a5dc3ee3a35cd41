/**
 * The packages UI in Chromium on /videos/subscriptions (spec §2 Packages widget, Subscribe packages
 * panel, Streamer layout; §4 Purchase click, Voucher panel; §6; §8), on paths that need no
 * payment: lazy widget code, anonymous Buy, keyboard tabs, card sides, the voucher panel, owned
 * packages, a failing checkout, the return from checkout, the subscribe panel and the Streamer
 * layout. The payments API is stubbed with page.route where an answer is needed; the full journey
 * is tests/e2e/payments.spec.ts's.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { readJson } from './data';
import { guardAssets } from './support/assetGuard';
import { quietFirstVisit } from './visits';
import { DEMO, signIn as signInOnLoginPage, submitSignIn, type Credentials } from './support/signIn';

interface DemoPackage {
  id: string;
  mode: string;
  attributes: { title: string; priceData: { id: string; backsideText: string | null }[] };
}
const packagesData = readJson<DemoPackage[]>('demo/packages.json');

const SUBSCRIBER = DEMO.subscriber;
const SUPPORTER = DEMO.supporter;
const CHECKOUT_UNAVAILABLE = 'Sorry, checkout is not currently available, please try again';

const monthly = packagesData.find((p) => p.id === 'pkg-stoke-city-plus-monthly')!;
const matchPass = packagesData.find((p) => p.mode === 'match-pass')!;

const widget = (page: Page) => page.locator('[data-packages-widget]');
const card = (page: Page, id: string) => page.locator(`[data-package-id="${id}"]`);
const accountPanel = (page: Page) => page.locator('dialog#account-panel');

/** Opens the streaming page and scrolls the packages into view, so the widget hydrates. */
async function openPackages(page: Page, search = ''): Promise<void> {
  await page.goto(`/videos/subscriptions${search}`);
  await page.locator('#packages').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-packages-widget="ready"]')).toBeVisible();
}

/** Signs in through the Streamer layout's own account panel. */
async function signIn(page: Page, who: Credentials): Promise<void> {
  await page.locator('.streamer-header').getByRole('link', { name: 'Sign In' }).click();
  await expect(accountPanel(page)).toBeVisible();
  await submitSignIn(accountPanel(page), who);
  // A password sign-in closes the panel; the header's button then says 'Profile'.
  await expect(page.locator('.streamer-header').getByRole('link', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
  await expect(accountPanel(page)).toBeHidden();
}

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

test('no packages widget JavaScript before its section is visible; the static page shows every package', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  const widgetScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/(PackagesWidget|PackageCard|PackageCarousel|checkout|paymentsClient)\.[\w-]+\.js$/.test(request.url())) widgetScripts.push(request.url());
  });
  await page.goto('/videos/subscriptions');
  await page.waitForLoadState('networkidle');
  expect(await page.locator('#packages').evaluate((el) => el.getBoundingClientRect().top), 'the packages start below the first screen').toBeGreaterThan(400);
  await expect(page.locator('[data-packages-widget="static"]')).toHaveCount(1);
  expect(widgetScripts, 'widget code before the packages are visible').toEqual([]);
  // Server-rendered: every package is in the page before any script runs.
  for (const p of packagesData) await expect(card(page, p.id)).toHaveCount(1);

  const loaded = page.waitForRequest(/\/_astro\/PackagesWidget\.[\w-]+\.js$/);
  await page.locator('#packages').scrollIntoViewIfNeeded();
  await loaded;
  await expect(page.locator('[data-packages-widget="ready"]')).toBeVisible();
  expect(
    widgetScripts.some((url) => /checkout|paymentsClient/.test(url)),
    'checkout code before a click',
  ).toBe(false);
});

test("anonymous: 'You must be logged in to purchase', and Buy opens the login prompt", async ({ page }) => {
  const guard = guardAssets(page);
  await openPackages(page);
  const first = card(page, monthly.id);
  await expect(first.getByText('You must be logged in to purchase')).toBeVisible();
  const buy = first.getByRole('button', { name: 'Buy - £9.99 p/m' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(accountPanel(page)).toBeVisible();
  await expect(accountPanel(page).getByRole('status')).toHaveText('You must be logged in to purchase');
  await guard.check();
});

test('tabs by keyboard: Subscriptions first, arrows, Home and End; the Match passes carousel', async ({ page }) => {
  await openPackages(page);
  const tablist = widget(page).getByRole('tablist', { name: 'Packages' });
  const subscriptions = tablist.getByRole('tab', { name: 'Subscriptions' });
  const passes = tablist.getByRole('tab', { name: 'Match passes' });
  await expect(subscriptions).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, monthly.id)).toBeVisible();
  await subscriptions.focus();
  await page.keyboard.press('ArrowRight');
  await expect(passes).toBeFocused();
  await expect(passes).toHaveAttribute('aria-selected', 'true');
  await expect(subscriptions).toHaveAttribute('tabindex', '-1');
  const panel = page.getByRole('tabpanel', { name: 'Match passes' });
  await expect(panel.locator(`[data-package-id="${matchPass.id}"]`)).toBeVisible();
  await expect(card(page, monthly.id)).toHaveCount(0);
  await expect(panel.locator(`[data-package-id="${matchPass.id}"]`).getByRole('button', { name: 'Buy - £10.00' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(subscriptions).toBeFocused();
  await page.keyboard.press('End');
  await expect(passes).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(subscriptions).toHaveAttribute('aria-selected', 'true');
  // The carousel of the Subscriptions tab: Previous is disabled at the start.
  await expect(widget(page).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
});

test("a card flips to its 'Information' side and back, focus following", async ({ page }) => {
  const guard = guardAssets(page);
  await openPackages(page);
  const first = card(page, monthly.id);
  const info = first.getByRole('button', { name: `Information: ${monthly.attributes.title}`, exact: true });
  await info.click();
  await expect(first).toHaveClass(/is-flipped/);
  const close = first.getByRole('button', { name: `Close information: ${monthly.attributes.title}`, exact: true });
  await expect(close).toBeFocused();
  await expect(first.getByRole('heading', { name: 'Information' })).toBeVisible();
  await expect(first.getByText(monthly.attributes.priceData[0]!.backsideText!)).toBeVisible();
  // The front is out of reach while the back shows.
  await expect(first.locator('.package-card__front')).toHaveAttribute('inert', '');
  await close.click();
  await expect(first).not.toHaveClass(/is-flipped/);
  await expect(info).toBeFocused();
  await expect(first.locator('.package-card__back')).toHaveAttribute('inert', '');
  await guard.check();
});

test('cards: 288 px wide below 760 px and 320 from it; 480 px high, plus 80 for a third price option', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPackages(page);
  const box = await card(page, monthly.id).boundingBox();
  expect(box?.width).toBe(320);
  expect(box?.height).toBe(480);
  await page.setViewportSize({ width: 500, height: 900 });
  expect((await card(page, monthly.id).boundingBox())?.width).toBe(288);
});

test('the voucher panel: opens from the first call to action, cancel closes; refused and accepted codes', async ({ page }) => {
  const checked: unknown[] = [];
  await page.route('**/api/payments/vouchers/check', async (route: Route) => {
    const body = route.request().postDataJSON() as { code: string };
    checked.push(body);
    if (body.code === 'OLD10') await route.fulfill({ status: 422, json: { error: { code: 'voucher_expired', message: 'This voucher has expired' } } });
    else await route.fulfill({ status: 200, json: { data: { code: body.code, description: '10% off your first payment' } } });
  });
  await openPackages(page);
  const cta = widget(page).getByRole('button', { name: 'Redeem a voucher' });
  await cta.click();
  const panel = page.getByRole('region', { name: 'Redeem a voucher' });
  await expect(panel).toBeVisible();
  await expect(cta).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByLabel('Voucher code')).toBeFocused();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toHaveCount(0);
  await expect(cta).toBeFocused();

  await cta.click();
  await panel.getByLabel('Voucher code').fill('OLD10');
  await panel.getByRole('button', { name: 'Redeem' }).click();
  await expect(panel.getByRole('alert')).toHaveText('This voucher has expired');
  await panel.getByLabel('Voucher code').fill('WELCOME10');
  await panel.getByRole('button', { name: 'Redeem' }).click();
  await expect(panel).toHaveCount(0);
  await expect(widget(page).getByRole('status').filter({ hasText: 'WELCOME10' })).toContainText('10% off your first payment');
  expect(checked).toEqual([{ code: 'OLD10' }, { code: 'WELCOME10' }]);
});

test.describe('signed in', () => {
  test.describe.configure({ timeout: 60_000 });

  test("the demo subscriber's packages say 'Manage Subscriptions' and open the account box", async ({ page }) => {
    await openPackages(page);
    await signIn(page, SUBSCRIBER);
    const first = card(page, monthly.id);
    const manage = first.getByRole('button', { name: 'Manage Subscriptions' });
    await expect(manage).toBeVisible({ timeout: 15_000 });
    await expect(first.getByText('You must be logged in to purchase')).toHaveCount(0);
    await manage.click();
    await expect(accountPanel(page)).toBeVisible();
    await expect(accountPanel(page).getByRole('heading', { name: 'Your account' })).toBeVisible();
    // The match pass is not held: it can be bought.
    await accountPanel(page).getByRole('button', { name: 'Close account panel' }).click();
    await widget(page).getByRole('tab', { name: 'Match passes' }).click();
    await expect(card(page, matchPass.id).getByRole('button', { name: 'Buy - £10.00' })).toBeVisible();
  });

  test("a failing checkout: the button is busy once, then spec §8's alert; an accepted voucher goes into the request", async ({ page }) => {
    const requests: unknown[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/create-checkout', async (route) => {
      requests.push(route.request().postDataJSON());
      await held;
      await route.fulfill({ status: 503, json: { error: { code: 'checkout_unavailable', message: 'Stripe is unavailable' } } });
    });
    await page.route('**/api/payments/vouchers/check', (route) => route.fulfill({ status: 200, json: { data: { code: 'WELCOME10', description: '' } } }));
    await openPackages(page);
    await signIn(page, SUPPORTER);
    await widget(page).getByRole('button', { name: 'Redeem a voucher' }).click();
    await page.getByLabel('Voucher code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(widget(page).getByRole('status').filter({ hasText: 'WELCOME10' })).toBeVisible();

    await widget(page).getByRole('tab', { name: 'Match passes' }).click();
    const buy = card(page, matchPass.id).getByRole('button', { name: /^Buy - £10\.00/ });
    await buy.click();
    await expect(buy).toBeDisabled();
    await expect(buy).toHaveAttribute('aria-busy', 'true');
    await buy.click({ force: true });
    await buy.dispatchEvent('click');
    release();
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_UNAVAILABLE })).toHaveText(CHECKOUT_UNAVAILABLE);
    await expect(buy).toBeEnabled();
    expect(requests).toEqual([{ packageId: matchPass.id, priceId: matchPass.attributes.priceData[0]!.id, voucher: 'WELCOME10' }]);
  });

  test("409 'already_entitled' opens the account box", async ({ page }) => {
    await page.route('**/api/payments/create-checkout', (route) =>
      route.fulfill({ status: 409, json: { error: { code: 'already_entitled', message: 'You already hold this package' } } }),
    );
    await openPackages(page);
    await signIn(page, SUPPORTER);
    await card(page, monthly.id).getByRole('button', { name: 'Buy - £9.99 p/m' }).click();
    await expect(accountPanel(page).getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_UNAVAILABLE })).toHaveCount(0);
  });

  test("'Subscribe now' in the upgrade promo a locked replay opens leads to the subscribe packages panel", async ({ page }) => {
    const guard = guardAssets(page);
    await signInOnLoginPage(page, SUPPORTER);
    await page.goto('/videos');
    await page.locator('[data-video-card]:not([data-lock-final]) [data-play-video]').first().click();
    const subscribe = page.locator('dialog#upgrade-promo').getByRole('link', { name: 'Subscribe now' });
    await expect(subscribe).toBeVisible({ timeout: 15_000 });
    await subscribe.click();
    const panel = page.locator('dialog#subscribe-panel');
    await expect(panel.getByRole('heading', { name: 'Choose a subscription' })).toBeVisible();
    await expect(page.locator('dialog#upgrade-promo')).toBeHidden();
    await expect(panel.getByRole('heading', { name: monthly.attributes.title })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Buy - £9.99 p/m' })).toBeVisible();
    await panel.getByRole('button', { name: 'Match passes' }).click();
    // One card per match pass the data offers (the next fixtures): the first is in view.
    await expect(panel.getByRole('button', { name: 'Buy - £10.00' })).toHaveCount(packagesData.filter((p) => p.mode === 'match-pass').length);
    await expect(panel.getByRole('button', { name: 'Buy - £10.00' }).first()).toBeVisible();
    await expect(panel.getByRole('link', { name: /See all packages/ })).toHaveAttribute('href', '/videos/subscriptions#packages');
    await guard.check();
  });
});

test('the return from checkout: cancelled says so; a malformed session id is never sent; a paid one confirms with a link to watch', async ({ page }) => {
  const guard = guardAssets(page);
  const fulfils: unknown[] = [];
  await page.route('**/api/payments/fulfil', async (route) => {
    fulfils.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, json: { data: { status: 'complete', paid: true, packageId: matchPass.id, entitlements: [] } } });
  });
  await page.goto('/videos/subscriptions?checkout=cancelled');
  await expect(page.locator('#checkout-return')).toHaveText('Checkout cancelled. You have not been charged.');
  await expect(page).toHaveURL(/\/videos\/subscriptions$/);

  await page.goto('/videos/subscriptions?checkout=success&session_id=%3Cscript%3E');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#checkout-return')).toBeEmpty();
  expect(fulfils).toEqual([]);

  await page.goto('/videos/subscriptions?checkout=success&session_id=cs_test_e2e_1');
  const box = page.locator('#checkout-return');
  await expect(box).toContainText('Payment complete.');
  await expect(box).toContainText(`${matchPass.attributes.title} is now on your account.`);
  await expect(box.getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '#next-game');
  expect(fulfils).toEqual([{ sessionId: 'cs_test_e2e_1' }]);
  await guard.check();
});

test('WCAG 2.2 A/AA (axe) on the hydrated widget: a card turned to its Information side, the voucher panel open', async ({ page }) => {
  test.slow();
  await openPackages(page);
  await card(page, monthly.id)
    .getByRole('button', { name: `Information: ${monthly.attributes.title}`, exact: true })
    .click();
  await widget(page).getByRole('button', { name: 'Redeem a voucher' }).click();
  await page.waitForTimeout(600); // the card's turn
  const results = await new AxeBuilder({ page }).include('#packages').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
});

test('the Streamer layout: header anchors reach their sections; footer social and policy links work', async ({ page, request }) => {
  await page.goto('/videos/subscriptions');
  const nav = page.locator('.streamer-header nav');
  for (const [label, id] of [
    ['Next game', 'next-game'],
    ['Packages', 'packages'],
    ['Fixtures', 'fixtures'],
    ['Replays', 'replays'],
    ['FAQs', 'faqs'],
  ] as const) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `#${id}`);
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  const footer = page.locator('.streamer-footer');
  const policies = footer.getByRole('navigation', { name: 'Policies' });
  for (const label of ['Accessibility', 'Terms of Use', 'Privacy Notice', 'Cookie Policy']) {
    const href = await policies.getByRole('link', { name: label }).getAttribute('href');
    expect(href, label).toMatch(/^\//);
    expect((await request.get(href!)).status(), `${label} ${href}`).toBe(200);
  }
  const social = footer.locator('a[target="_blank"]');
  expect(await social.count()).toBeGreaterThan(0);
  for (const link of await social.all()) await expect(link).toHaveAttribute('href', /^https:\/\//);
  // FAQs are this club's (content), not the seed's other-club text.
  await expect(page.locator('#faqs summary').first()).toBeVisible();
  await expect(page.locator('#faqs')).not.toContainText('14:45');
});
