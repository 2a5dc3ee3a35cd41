/**
 * Cookie notice behaviour (spec §6 "Cookie notice"): keeps <html data-cookie-notice="open"> (set
 * before the first paint by src/components/FirstPaintHead.astro) in step with the consent store,
 * across the client router's swaps, and records 'Accept all cookies' or the essential-only choice.
 * Markup: src/components/CookieNotice.astro; loaded by src/browser/siteChrome.ts.
 */
import { chooseConsent, cookieNoticeVisible } from '../stores/consent';

function render(visible: boolean): void {
  if (visible) document.documentElement.dataset.cookieNotice = 'open';
  else delete document.documentElement.dataset.cookieNotice;
}
cookieNoticeVisible.subscribe(render);
// The swap gives <html> the new page's attributes: restore the state before that page paints.
document.addEventListener('astro:after-swap', () => render(cookieNoticeVisible.get()));
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('#cookie-notice [data-consent]') : null;
  if (button) chooseConsent(button.dataset.consent === 'all' ? 'all' : 'essential');
});
