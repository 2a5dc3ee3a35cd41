/**
 * The demo accounts (README "Demo accounts", seeded by the local platform) and signing one in the
 * way a supporter does: `signIn` on /account/login, waiting for 'Your account';
 * `submitSignIn` fills and sends the sign-in form inside a scope (the login page's main, or the
 * open account panel) and leaves what follows to the test.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** An e-mail and password. */
export interface Credentials {
  email: string;
  password: string;
}

/** The local demo accounts. */
export const DEMO = Object.freeze({
  subscriber: { email: 'subscriber@terrace.test', password: 'Subscriber-Local-1' },
  supporter: { email: 'supporter@terrace.test', password: 'Supporter-Local-1' },
  blocked: { email: 'blocked@terrace.test', password: 'Blocked-Local-1' },
  bypassed: { email: 'bypassed@terrace.test', password: 'Bypassed-Local-1' },
  /** A second subscriber, whose screens only the tests that count leases use. */
  household: { email: 'household@terrace.test', password: 'Household-Local-1' },
} satisfies Record<string, Credentials>);

/** Fills the sign-in form inside `scope` with `who` and presses 'Sign In'. */
export async function submitSignIn(scope: Locator, who: Credentials): Promise<void> {
  await scope.getByLabel('Email address').fill(who.email);
  await scope.getByLabel('Password', { exact: true }).fill(who.password);
  await scope.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs `who` in on /account/login and waits for the signed-in summary. */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  await page.goto('/account/login');
  const main = page.locator('main');
  await submitSignIn(main, who);
  await expect(main.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
}
