/**
 * Advert slots in the browser (spec §4 Adverts: "The check re-runs when the mode changes"): hides
 * or shows each [data-advert-slot] rendered by src/components/AdvertSlot.astro by the
 * child-friendly check and the advertising-disabled flag (src/lib/adverts advertAllowed), again
 * whenever either changes and after each route change. Before this runs, the CSS on
 * html[data-child-friendly] (src/styles/global.css) already hides slots that are not child friendly.
 */
import { advertAllowed } from '../lib/adverts';
import { advertisingDisabled, childFriendly } from '../stores/childFriendly';

function check(): void {
  const mode = { childFriendly: childFriendly.get(), advertisingDisabled: advertisingDisabled.get() };
  for (const slot of document.querySelectorAll<HTMLElement>('[data-advert-slot]')) {
    slot.hidden = !advertAllowed(slot.dataset.childFriendly === 'true', mode);
  }
}

childFriendly.listen(check);
advertisingDisabled.listen(check);
document.addEventListener('astro:page-load', check);
check();
