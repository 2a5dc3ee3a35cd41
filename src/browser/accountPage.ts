/**
 * Behaviour of the /account/* pages before their island wakes:
 * - a sign-in link's return address (`?returnTo=…&suppressToken=true`) is stored for the next
 *   sign-in when it is on the allow-list (src/stores/returnTo `rememberReturnAddress`) — and
 *   followed at once (src/stores/signIn) when the visitor turns out to be signed in already;
 * - a failed hosted sign-in (`/account/login?error=<code>`, src/accounts/rules/signInErrors) shows its
 *   message in the page's red bold error paragraph `[data-hosted-error]` (role=alert) until a
 *   form on the page is submitted;
 * - once the login check finds the visitor signed in, the page's islands wake (`terrace:intent`,
 *   src/directives/intent.ts) to show the signed-in state.
 * Light on purpose (no account calls): it runs before any interaction. Runs on each page load of
 * the client router; does nothing where its markup is absent.
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
