/**
 * Visual regression of the states a paying supporter sees (scripts/quality/payerStates.mjs) at
 * 390 × 844 and 1440 × 900 against the baselines in tests/e2e/visual.spec.ts-snapshots/, with
 * animations off and what changes between runs masked (docs/visual-regression.md).
 * After a deliberate change:
 *   npx playwright test tests/e2e/visual.spec.ts --update-snapshots
 */
import { expect, test } from '@playwright/test';
import { PAYER_STATES, PAYER_VIEWPORTS, signIn } from '../../scripts/quality/payerStates.mjs';
import { quietFirstVisit } from './visits';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await quietFirstVisit(context, baseURL!);
});

for (const { width, height, ...device } of PAYER_VIEWPORTS) {
  test.describe(`${width} × ${height}`, () => {
    test.use({ viewport: { width, height }, ...device });

    for (const state of PAYER_STATES) {
      test(state.name, async ({ page }) => {
        if (state.who !== 'anonymous') await signIn(page, state.who);
        await state.open(page);
        const options = { animations: 'disabled', caret: 'hide', mask: state.mask(page), maxDiffPixels: 40, timeout: 60_000 } as const;
        const target = state.target(page);
        if (target) await expect(target).toHaveScreenshot(`${state.name}-${width}.png`, options);
        else await expect(page).toHaveScreenshot(`${state.name}-${width}.png`, options);
        await state.leave?.(page);
      });
    }
  });
}
