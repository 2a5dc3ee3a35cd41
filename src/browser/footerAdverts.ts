/**
 * Footer adverts in the browser (spec §4 Adverts, §9 footer advert 500x500, re-enable 2000 ms),
 * for the markup of src/components/FooterAdverts.astro, started by ./footerAdvertsStart when the
 * footer nears the viewport: the adverts' data is embedded as JSON; each square slot
 * footerSlot1..3 is enabled when it has adverts and `enabled` has settled (at once on the first
 * page, 2 s after each route change of Astro's client router) and then shows one eligible advert
 * chosen at random (src/lib/adverts), logging an impression; a click logs a click (./advertEvents).
 * A change of child-friendly mode or advertising-disabled re-runs the check: the advert stays
 * while still allowed, otherwise another is chosen (and logged) or the slot hides. Time windows
 * are checked at the site's clock (src/browser/siteClock).
 */
import { IMAGE_HANDLER, IMAGE_HOST } from '../config';
import { eligibleFooterAdverts, FOOTER_SLOTS, footerSlotEnabled, nextFooterAdvert, type FooterAdvertCandidate, type FooterSlot } from '../lib/adverts';
import { buttonKind } from '../lib/buttonKind';
import { IMAGE_SIZES } from '../lib/constants';
import { safeHref } from '../lib/escape';
import { imageUrl } from '../lib/images';
import { advertisingDisabled, childFriendly } from '../stores/childFriendly';
import { logAdvertEvent } from './advertEvents';
import { siteNow } from './siteClock';

/** A footer advert as embedded by FooterAdverts.astro (spec §3 Footer advert). */
interface FooterAdvert extends FooterAdvertCandidate {
  id: string;
  advertName: string;
  advertRef: string;
  campaignRef: string;
}

interface SlotState {
  element: HTMLElement;
  slot: FooterSlot;
  enabled: boolean;
  shown: FooterAdvert | undefined;
}

const isFooterSlot = (value: string | undefined): value is FooterSlot => (FOOTER_SLOTS as readonly (string | undefined)[]).includes(value);

function readAdverts(root: HTMLElement): FooterAdvert[] {
  const text = root.querySelector('script[data-footer-adverts-data]')?.textContent ?? '[]';
  try {
    const data: unknown = JSON.parse(text);
    return Array.isArray(data) ? (data as FooterAdvert[]) : [];
  } catch (error) {
    console.warn('Footer adverts data unreadable:', error);
    return [];
  }
}

function render(state: SlotState, advert: FooterAdvert | undefined): void {
  const { element } = state;
  element.replaceChildren();
  element.hidden = advert === undefined;
  const key = advert?.images.square?.imageKey;
  if (!advert || !key) return;
  const link = document.createElement('a');
  link.className = 'footer-advert';
  const href = safeHref(advert.url);
  if (href) link.href = href;
  link.dataset.advertId = advert.id;
  link.rel = 'sponsored';
  if (buttonKind(advert.url) === 'external') {
    link.target = '_blank';
    link.rel = 'sponsored noopener noreferrer';
  }
  const image = document.createElement('img');
  image.src = imageUrl(key, IMAGE_SIZES.footerAdvert, { host: IMAGE_HOST, handler: IMAGE_HANDLER });
  image.width = IMAGE_SIZES.footerAdvert.width;
  image.height = IMAGE_SIZES.footerAdvert.height;
  image.alt = advert.advertName;
  image.decoding = 'async';
  link.append(image);
  if (link.target === '_blank') {
    const note = document.createElement('span');
    note.className = 'visually-hidden';
    note.textContent = ' (opens in a new tab)';
    link.append(note);
  }
  element.append(link);
}

const logged = (advert: FooterAdvert) => ({
  advertID: advert.id,
  advertName: advert.advertName,
  advertRef: advert.advertRef,
  campaignRef: advert.campaignRef,
  url: advert.url,
});

/** Starts the footer adverts in `root`, enabling the slots once `enabled` settles; returns a function that stops them. */
export function startFooterAdverts(root: HTMLElement, enabled: Promise<void>): () => void {
  const adverts = readAdverts(root);
  const ssoVendor = root.dataset.ssoVendor ?? '';
  const slots: SlotState[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-footer-slot]')) {
    const slot = element.dataset.footerSlot;
    if (!isFooterSlot(slot)) continue;
    const state: SlotState = { element, slot, enabled: false, shown: undefined };
    render(state, undefined);
    slots.push(state);
  }

  const check = (): void => {
    const mode = { childFriendly: childFriendly.get(), advertisingDisabled: advertisingDisabled.get() };
    const now = siteNow();
    for (const state of slots) {
      const candidates = eligibleFooterAdverts(adverts, state.slot, { slotEnabled: state.enabled, now, mode });
      const next = nextFooterAdvert(state.shown, candidates);
      if (next === state.shown) continue;
      state.shown = next;
      render(state, next);
      if (next) logAdvertEvent('advertImpression', logged(next), ssoVendor);
    }
  };

  let stopped = false;
  void enabled.then(() => {
    if (stopped) return;
    for (const state of slots) state.enabled = footerSlotEnabled(adverts, state.slot);
    check();
  });
  const stopChildFriendly = childFriendly.listen(check);
  const stopAdvertising = advertisingDisabled.listen(check);

  const onClick = (event: MouseEvent): void => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>('a[data-advert-id]') : null;
    const advert = slots.find((state) => state.shown && state.shown.id === link?.dataset.advertId)?.shown;
    if (advert) logAdvertEvent('advertClick', logged(advert), ssoVendor);
  };
  root.addEventListener('click', onClick);

  return () => {
    stopped = true;
    stopChildFriendly();
    stopAdvertising();
    root.removeEventListener('click', onClick);
  };
}
