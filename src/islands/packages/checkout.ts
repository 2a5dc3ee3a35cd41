/**
 * The checkout step of the purchase click (spec §4 Purchase click, §7 create-checkout, §8),
 * loaded only when a supporter clicks Buy: POST create-checkout through the payments client, then
 * send the browser to the Checkout Session's url. Resolves to the step the page takes next
 * (src/payments/rules/packageRules checkoutOutcome): 'redirect' (the browser is leaving), 'account-box',
 * 'login-prompt' or 'unavailable' (the page shows CHECKOUT_UNAVAILABLE_MESSAGE; the failure is
 * logged, spec §8 "Checkout creation failure: logged only").
 */
import { checkoutOutcome, type CheckoutOutcome } from '../../payments/rules/packageRules';
import { createCheckout, type CheckoutRequest } from '../../payments/browser/paymentsClient';

/** Creates the Checkout Session for `request` and goes to it with `assign` (default location.assign). */
export async function runCheckout(request: CheckoutRequest, assign: (url: string) => void = (url) => window.location.assign(url)): Promise<CheckoutOutcome> {
  const answer = await createCheckout(request);
  if (answer.ok) {
    // Only a web address: the contract checks a URL, this keeps any other scheme out of location.
    if (!/^https?:$/.test(new URL(answer.data.url).protocol)) {
      console.error('Checkout session url is not http(s)');
      return 'unavailable';
    }
    assign(answer.data.url);
    return 'redirect';
  }
  const outcome = checkoutOutcome(answer);
  if (outcome === 'unavailable') console.error(`Checkout could not be created: ${answer.status} ${answer.code}`);
  return outcome;
}
