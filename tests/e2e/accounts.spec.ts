import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readJson } from './data';
import { createUserWithTemporaryPassword, emailedCode } from './identity';
import { quietFirstVisit } from './visits';
import { DEMO, submitSignIn, type Credentials } from './support/signIn';
import { signIn } from '../../scripts/quality/payerStates.mjs';

/**
 * The supporter's account in Chromium against `npm run serve`'s whole stack (spec §2 Account
 * panel, §4 Login check, Sign-in and Logout, §5, §8): register, confirm, sign in, change name and
 * password, sign out, forgotten password; hosted sign-in and its cancel; the set-new-password step;
 * the demo accounts' panel messages; return addresses honoured once for allowed hosts; no axe
 * violations on the account pages. Throughout, `document.cookie` never holds a token.
 */

test.describe.configure({ timeout: 180_000 });

/** A new address per run, so the journeys can repeat on one emulator. */
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@terrace.test`;
const banner = (page: Page) => page.getByRole('banner');
const profileButton = (page: Page) => banner(page).locator('.header-action--profile');
const panel = (page: Page) => page.locator('dialog#account-panel');
const notification = (page: Page) => page.locator('#account-notification');

/** What script can read of the cookies: never a token nor a session cookie. */
async function expectNoTokenInScript(page: Page): Promise<void> {
  const cookies = await page.evaluate(() => document.cookie);
  expect(cookies, 'document.cookie').not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  expect(cookies, 'document.cookie').not.toMatch(/tr_(id|access|refresh|session|challenge|oauth)=/);
}

/** The header's profile button names the state: 'Profile' signed in, 'Sign In' signed out. */
async function expectHeader(page: Page, signedIn: boolean): Promise<void> {
  await expect(profileButton(page)).toHaveAccessibleName(signedIn ? 'Profile' : 'Sign In');
}

async function expectNotified(page: Page, message: 'Logged In' | 'Logged Out'): Promise<void> {
  await expect(notification(page)).toBeVisible();
  await expect(notification(page)).toContainText(message);
}

async function openPanel(page: Page): Promise<void> {
  await profileButton(page).click();
  await expect(panel(page)).toBeVisible();
}

async function signInWithPanel(page: Page, who: Credentials): Promise<void> {
  await openPanel(page);
  await submitSignIn(panel(page), who);
}

async function noSession(context: BrowserContext): Promise<void> {
  await context.clearCookies();
}

test('register, confirm, sign in, change name and password, sign out, reset the password, sign in again', async ({ page, context }) => {
  const email = unique('fan');
  const firstPassword = 'First-Password-1';
  const secondPassword = 'Second-Password-2';
  const thirdPassword = 'Third-Password-3';
  await noSession(context);

  await test.step('register and confirm with the e-mailed code: the fan is signed in', async () => {
    await page.goto('/account/register');
    await expect(page).toHaveTitle(/Create an account/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const main = page.locator('main');
    await expect(main.getByText('Already have an account?')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', /\/account\/login\/?$/);
    await main.getByLabel('Display name').fill('Terrace Fan');
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password').fill(firstPassword);
    await main.getByRole('button', { name: 'Create account' }).click();
    const heading = main.getByRole('heading', { name: 'Confirm your account' });
    await expect(heading).toBeFocused();
    await main.getByLabel('Confirmation code').fill('000000');
    await main.getByRole('button', { name: 'Confirm account' }).click();
    await expect(main.getByRole('alert')).toBeVisible();
    await expect(main.getByLabel('Confirmation code')).toHaveAttribute('aria-invalid', 'true');
    await main.getByLabel('Confirmation code').fill(await emailedCode(email));
    await main.getByRole('button', { name: 'Confirm account' }).click();
    await expect(main.getByRole('heading', { name: 'Your account is confirmed' })).toBeFocused();
    await expectNotified(page, 'Logged In');
    await expect(main.getByText(`You are signed in as ${email}.`)).toBeVisible();
    await expectHeader(page, true);
    await expectNoTokenInScript(page);
    await main.getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(/\/account\/login\/?$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(main.getByText('Welcome, Terrace Fan')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'New to MyStoke?' })).toBeHidden();
    await main.getByRole('button', { name: 'Log Out' }).click();
    await expect(main.getByLabel('Email address')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'New to MyStoke?' })).toBeVisible();
  });

  await test.step('a wrong password shows only the login message, in the red bold paragraph', async () => {
    const main = page.locator('main');
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password').fill('Not-The-Password-9');
    await main.getByRole('button', { name: 'Sign In' }).click();
    const error = main.locator('.login-form__error[role="alert"]:not([data-hosted-error])');
    await expect(error).toHaveText('Incorrect username or password.');
    await expect(error).toHaveCSS('font-weight', '700');
    await expect(error).toHaveCSS('color', 'rgb(180, 35, 24)');
  });

  await test.step('sign in on /account/login: the page, the header and the panel show the signed-in state', async () => {
    // A supporter who holds nothing is no fault: no failed request or error in the console.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
    });
    const main = page.locator('main');
    await main.getByLabel('Password').fill(firstPassword);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expectNotified(page, 'Logged In');
    await expect(main.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(main.getByText('Welcome, Terrace Fan')).toBeVisible();
    await expectHeader(page, true);
    await expectNoTokenInScript(page);
    await openPanel(page);
    await expect(panel(page).getByText('Welcome, Terrace Fan')).toBeVisible();
    await expect(panel(page).getByText(/^Account ID: [0-9a-f-]{36}$/)).toBeVisible();
    await expect(panel(page).getByText('You have no subscriptions')).toBeVisible();
    expect(consoleErrors).toEqual([]);
    await expect(panel(page).getByText('Account Restrictions Bypassed')).toHaveCount(0);
    await expect(panel(page).getByRole('img', { name: 'Stoke City', exact: true })).toBeVisible();
    await expect(panel(page).getByRole('img', { name: 'Profile image' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'View Subscriptions' })).toHaveAttribute('href', '/videos/subscriptions');
    await panel(page).getByRole('link', { name: 'Manage Account' }).click();
    await expect(page).toHaveURL(/\/account\/profile\/?$/);
  });

  await test.step('the login check keeps the user signed in across route changes and reloads', async () => {
    await page.reload();
    await expect(page.locator('main').getByLabel('Display name')).toHaveValue('Terrace Fan');
    await expectHeader(page, true);
  });

  await test.step('change the display name (spec §5 message), seen by the panel', async () => {
    await page.locator('main').getByLabel('Display name').fill('Renamed Fan');
    await page.locator('main').getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your details have been successfully updated' })).toBeVisible();
    await openPanel(page);
    await expect(panel(page).getByText('Welcome, Renamed Fan')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
  });

  await test.step('change the password (spec §5 message)', async () => {
    await page.locator('main').getByLabel('Current password').fill('Wrong-Password-0');
    await page.locator('main').getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.locator('main').getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('main').getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('main').getByLabel('Current password')).toBeFocused();
    await page.locator('main').getByLabel('Current password').fill(firstPassword);
    await page.locator('main').getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.locator('main').getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been successfully updated' })).toBeVisible();
  });

  await test.step("sign out from the panel: after 600 ms it closes and shows 'Logged Out'", async () => {
    await openPanel(page);
    await panel(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(panel(page)).toBeHidden();
    await expectNotified(page, 'Logged Out');
    await expectHeader(page, false);
    await page.reload();
    await expectHeader(page, false);
    await expect(page.locator('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectNoTokenInScript(page);
  });

  await test.step('forgotten password: the e-mailed code and a new password', async () => {
    await page.goto('/account/login');
    await page.locator('main').getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(/\/account\/forgot-password\/?$/);
    await page.locator('main').getByLabel('Email address').fill(email);
    await page.locator('main').getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
    await page
      .locator('main')
      .getByLabel('Code', { exact: true })
      .fill(await emailedCode(email));
    await page.locator('main').getByLabel('New password', { exact: true }).fill(thirdPassword);
    await page.locator('main').getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeFocused();
  });

  await test.step('sign in with the new password from the panel', async () => {
    await page.goto('/news');
    await signInWithPanel(page, { email, password: secondPassword });
    await expect(panel(page).locator('.login-form__error')).toHaveText('Incorrect username or password.');
    await panel(page).getByLabel('Password', { exact: true }).fill(thirdPassword);
    await panel(page).getByRole('button', { name: 'Sign In' }).click();
    await expectNotified(page, 'Logged In');
    await expect(panel(page)).toBeHidden();
    await expectHeader(page, true);
    await expectNoTokenInScript(page);
  });
});

test('hosted sign-in with Google through the stand-in comes back signed in; a cancelled one says so', async ({ page, context }) => {
  await noSession(context);
  const email = unique('google.fan');
  await page.goto('/news');
  await openPanel(page);
  // Nothing calls /api/auth/authorize ahead of the click (prefetch, client router): each call sets
  // a new state cookie, and one landing after the real navigation fails its callback.
  const early: string[] = [];
  const watch = (request: { url: () => string }) => {
    if (request.url().includes('/api/auth/authorize')) early.push(request.url());
  };
  page.on('request', watch);
  await panel(page).getByRole('link', { name: 'Continue with Google' }).hover();
  await page.waitForTimeout(500);
  expect(early, 'requests to /api/auth/authorize before the click').toEqual([]);
  page.off('request', watch);
  await panel(page).getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Google Fan');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/news\/?$/);
  await expectNotified(page, 'Logged In');
  await expectHeader(page, true);
  await expectNoTokenInScript(page);
  await openPanel(page);
  await expect(panel(page).getByText('Welcome, Google Fan')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Log Out' }).click();
  await expectNotified(page, 'Logged Out');

  await page.goto('/account/login');
  await page.locator('main').getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/account\/login\/?\?error=/);
  await expect(page.locator('main [data-hosted-error]')).toHaveText('The sign-in was cancelled');
  await expectHeader(page, false);
});

test('the set-new-password step: a temporary password asks for a new one, then signs in', async ({ page, context }) => {
  await noSession(context);
  const email = unique('new.password');
  await createUserWithTemporaryPassword(email, 'Temporary-Pass-1', 'Invited Fan');
  await page.goto('/account/login');
  const main = page.locator('main');
  await main.getByLabel('Email address').fill(email.toUpperCase());
  await main.getByLabel('Password').fill('Temporary-Pass-1');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(main.getByRole('heading', { name: 'Set a new password' })).toBeFocused();
  await expect(main.getByLabel('New password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await main.getByLabel('New password', { exact: true }).fill('Chosen-Password-7');
  await main.getByRole('button', { name: 'Set password and sign in' }).click();
  await expectNotified(page, 'Logged In');
  await expect(main.getByText('Welcome, Invited Fan')).toBeVisible();
  await expectHeader(page, true);
  await expectNoTokenInScript(page);
});

test("demo accounts: restrictions bypassed; a subscriber's entitlements are checked without error", async ({ page, context }) => {
  await noSession(context);
  await page.goto('/news');
  await signInWithPanel(page, DEMO.bypassed);
  await expectNotified(page, 'Logged In');
  await openPanel(page);
  await expect(panel(page).getByText('Account Restrictions Bypassed')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Log Out' }).click();
  await expectNotified(page, 'Logged Out');

  await signInWithPanel(page, DEMO.subscriber);
  await expectNotified(page, 'Logged In');
  await openPanel(page);
  await expect(panel(page).getByText(/^Welcome, /)).toBeVisible();
  await expect(panel(page).getByText('Account Restrictions Bypassed')).toHaveCount(0);
  // The demo grant (an admin grant) has no Stripe customer: what it holds is listed, in the
  // packages widget's titles, and 'View Subscriptions' leads to the packages, not the billing portal.
  await expect(panel(page).getByText('Your subscriptions')).toBeVisible();
  const held = new Set(['subscription-video', 'subscription-audio']); // scripts/local/platform.mjs DEMO_SUBSCRIBER_ENTITLEMENTS
  const packages = readJson<{ attributes: { title: string; priceData: { accessData: { entitlements: string[] } }[] } }[]>('demo/packages.json');
  const heldTitle = packages.find((p) => p.attributes.priceData.some((price) => price.accessData.entitlements.every((e) => held.has(e))))!.attributes.title;
  await expect(panel(page).getByRole('listitem').filter({ hasText: heldTitle }).first()).toBeVisible();
  await expect(panel(page).getByText('You have no subscriptions')).toHaveCount(0);
  await expect(panel(page).getByText('There was an issue checking your subscriptions')).toHaveCount(0);
  await expect(panel(page).getByRole('link', { name: 'View Subscriptions' })).toHaveAttribute('href', '/videos/subscriptions');
});

test('signed in, the summary always has Manage Account, View Subscriptions and Log Out; one who is no Stripe customer is taken to the packages they own', async ({
  page,
  context,
  baseURL,
}) => {
  const portalCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/payments/create-portal-redirect')) portalCalls.push(request.url());
  });
  // Once the subscription check has answered: the free supporter holds nothing; the demo
  // subscriber holds packages through an admin grant, with no Stripe customer.
  const settled = { supporter: 'You have no subscriptions', subscriber: 'Your subscriptions' };
  for (const who of ['supporter', 'subscriber'] as const) {
    await quietFirstVisit(context, baseURL!);
    await signIn(page, who);
    await page.goto('/news');
    await openPanel(page);
    await expect(panel(page).getByText(settled[who])).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'Manage Account' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'View Subscriptions' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'View Subscriptions' })).toHaveAttribute('href', '/videos/subscriptions');
    await expect(panel(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
  }

  await panel(page).getByRole('link', { name: 'View Subscriptions' }).click();
  await expect(page).toHaveURL(/\/videos\/subscriptions\/?$/);
  await expect(panel(page)).toBeHidden();
  await page.locator('#packages').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-packages-widget="ready"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-packages-widget] .package-card.is-owned').first()).toContainText('You have this package');
  expect(portalCalls).toEqual([]);
});

test('a route change closes the account panel: its register and forgot-password links leave the next page usable', async ({ page, context }) => {
  await noSession(context);
  for (const [link, path] of [
    [/create an account/i, /\/account\/register\/?$/],
    [/forgot/i, /\/account\/forgot-password\/?$/],
  ] as const) {
    await page.goto('/news');
    await openPanel(page);
    await panel(page).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(path);
    await expect(panel(page)).toBeHidden();
    const email = page.locator('main').getByLabel('Email address');
    await email.click();
    await expect(email).toBeFocused();
  }
});

test('a return address is followed once after sign-in, and only to an allowed host', async ({ page, context }) => {
  await noSession(context);
  await page.goto('/account/login?returnTo=https%3A%2F%2Fevil.example%2Fsteal');
  await page.goto('/account/login?returnTo=%2Fmatches');
  await submitSignIn(page.locator('main'), DEMO.supporter);
  await expect(page).toHaveURL(/\/matches\/?$/);
  await expectHeader(page, true);
  expect(await page.evaluate(() => sessionStorage.getItem('terrace.returnTo'))).toBeNull();

  await page.goto('/account/login?returnTo=https%3A%2F%2Fevil.example%2Fsteal');
  await expect(page.locator('main').getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('terrace.returnTo'))).toBeNull();

  // Sent to sign in while signed in already: straight back.
  await page.goto('/account/login?returnTo=%2Fteams');
  await expect(page).toHaveURL(/\/teams\/?$/);
});

test('a visitor who never signed in is checked without a request; a signed-in one on every route change', async ({ page, context }) => {
  await noSession(context);
  const checks: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(authenticated|refresh)\b/.test(request.url())) checks.push(new URL(request.url()).pathname);
  });
  await page.goto('/news', { waitUntil: 'networkidle' });
  await expectHeader(page, false);
  await expect(page.locator('html')).toHaveAttribute('data-session', 'signed-out');
  expect(checks).toEqual([]);

  await signInWithPanel(page, DEMO.supporter);
  await expectNotified(page, 'Logged In');
  await banner(page).getByRole('link', { name: 'Matches' }).click();
  await expect(page).toHaveURL(/\/matches\/?$/);
  await expect.poll(() => checks.length).toBeGreaterThan(0);
  await expectHeader(page, true);
  await expect(page.locator('html')).toHaveAttribute('data-session', 'signed-in');
});

test('the account pages and the signed-in panel have no axe (WCAG 2.2 A/AA) violations', async ({ page, context, baseURL }) => {
  await noSession(context);
  await quietFirstVisit(context, baseURL!);
  const violations = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`),
    );
  for (const path of ['/account/login?error=cancelled', '/account/register', '/account/confirm', '/account/forgot-password', '/account/profile']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.locator('main input, main a.button').first().focus();
    expect(await violations(), path).toEqual([]);
  }
  await page.goto('/account/register');
  await page.locator('main').getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('main [aria-invalid="true"], main input:invalid').first()).toBeVisible();
  expect(await violations(), 'register with empty fields').toEqual([]);

  await page.goto('/news');
  await signInWithPanel(page, DEMO.supporter);
  await expectNotified(page, 'Logged In');
  await openPanel(page);
  await expect(panel(page).getByText(/^Welcome, /)).toBeVisible();
  expect(await violations(), 'signed-in panel').toEqual([]);
  await page.goto('/account/profile');
  await expect(page.locator('main').getByLabel('Display name')).toBeVisible();
  expect(await violations(), 'profile signed in').toEqual([]);
});
