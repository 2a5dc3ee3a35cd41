/**
 * Cookie notice behaviour (spec §6 "Cookie notice"): shows the notice while no choice is stored
 * and records 'Accept all cookies' or the essential-only choice in the consent store.
 * Markup: src/components/CookieNotice.astro; loaded by src/browser/siteChrome.ts.
 */
import { chooseConsent, cookieNoticeVisible } from '../stores/consent';

/** The subscription of the notice on the current page (the client router swaps the element). */
let unsubscribe: (() => void) | undefined;

function init(): void {
  unsubscribe?.();
  unsubscribe = undefined;
  const notice = document.getElementById('cookie-notice');
  if (!notice) return;
  unsubscribe = cookieNoticeVisible.subscribe((visible) => {
    notice.hidden = !visible;
  });
  notice.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-consent]') : null;
    if (button) chooseConsent(button.dataset.consent === 'all' ? 'all' : 'essential');
  });
}
document.addEventListener('astro:page-load', init);
