/**
 * The /account/* pages before their island wakes, without account calls: stores an allowed
 * sign-in return address (`?returnTo=…&suppressToken=true`) and follows it at once when already
 * signed in; shows a failed hosted sign-in's message (`?error=<code>`, src/accounts/rules/signInErrors) in
 * `[data-hosted-error]` (role=alert) until a form is submitted; wakes the page's islands
 * (`terrace:intent`) once the login check finds the visitor signed in. Runs on each page load;
 * does nothing where its markup is absent.
 */
import { RETURN_HOSTS } from '../config';
import { returnRequestOf } from '../accounts/rules/returnAddress';
import { hostedSignInErrorMessage, SIGN_IN_ERROR_PARAM } from '../accounts/rules/signInErrors';
import { configureReturnHosts, rememberReturnAddress } from '../stores/returnTo';
import { user } from '../stores/user';

configureReturnHosts(RETURN_HOSTS);

/** Listeners of the current page, removed when the next page loads. */
let cleanup: Array<() => void> = [];

function onPageLoad(): void {
  for (const stop of cleanup) stop();
  cleanup = [];
  const page = document.querySelector<HTMLElement>('[data-account-page]');
  if (!page) return;
  const request = returnRequestOf(location.search);
  const returning = request !== null && rememberReturnAddress(request);

  const paragraph = page.querySelector<HTMLElement>('[data-hosted-error]');
  const message = hostedSignInErrorMessage(new URLSearchParams(location.search).get(SIGN_IN_ERROR_PARAM));
  if (paragraph && message) {
    paragraph.textContent = message;
    paragraph.hidden = false;
    const hide = () => {
      paragraph.hidden = true;
    };
    page.addEventListener('submit', hide, { capture: true, once: true });
    cleanup.push(() => page.removeEventListener('submit', hide, { capture: true }));
  }

  cleanup.push(
    user.subscribe(({ loggedIn }) => {
      if (!loggedIn) return;
      document.dispatchEvent(new Event('terrace:intent'));
      // Sent here to sign in while already signed in: go straight back.
      if (returning) void import('../stores/signIn').then(({ followReturnAddress }) => followReturnAddress());
    }),
  );
}

document.addEventListener('astro:page-load', onPageLoad);
