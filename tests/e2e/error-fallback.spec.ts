/**
 * The error page's own fallback in Chromium (spec §2 Error page; §4 Route change and startup): a
 * client-router navigation to a page whose server cannot show it, nor its 500 page, lands on
 * 'An error occured while showing the error page' with a working 'Go back to home' link, and the
 * built fallback is what /500.html shows when its content cannot be read
 * (tests/integration/site-build.test.ts builds that case).
 */
import { expect, test } from '@playwright/test';
import { assemblyFailedResponse } from '../../src/lib/pageAssembly';
import { quietFirstVisit } from './visits';

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

test("a route whose page and error page both fail shows the fallback, and 'Go back to home' goes home", async ({ page }) => {
  const failing = assemblyFailedResponse();
  const body = await failing.text();
  await page.route(
    (url) => url.pathname === '/news' || url.pathname === '/news/',
    (route) => route.fulfill({ status: failing.status, headers: Object.fromEntries(failing.headers), body }),
  );
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Primary' }).locator('a[href="/news"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('An error occured while showing the error page');
  await expect(page).toHaveTitle('An error occured while showing the error page');
  await page.getByRole('link', { name: 'Go back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('An error occured while showing the error page');
});
