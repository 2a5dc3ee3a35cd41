/**
 * The overlay promo in the browser (spec §4 Overlay promo, §7, §9 seen-promo cookie), for
 * src/components/PromoOverlay.astro: on load and when the tab becomes visible, fetches PROMOS_URL
 * and shows the first unseen promo inside its window at the site's clock (src/lib/promos) —
 * Default as a modal under the scroll lock, Mini as a non-modal panel — adding its id to the
 * cookie. Never while the cookie notice waits or another panel is open, and only once the visitor
 * has read something (a second page or PROMO_READ_DELAY_MS). Failures are only logged (spec §8).
 * Loaded by ./promoStart.ts once the cookie notice is answered.
 */
import Cookies from 'js-cookie';
import { IMAGE_HANDLER, IMAGE_HOST, PROMOS_URL } from '../config';
import { IMAGE_SIZES } from '../lib/constants';
import { imageUrl } from '../lib/images';
import {
  appendSeenPromo,
  firstUnseenPromo,
  parsePromoList,
  parseSeenPromos,
  promoReadWaitMs,
  SEEN_PROMOS_COOKIE,
  seenPromosCookieExpiry,
  type PromoOverlay,
  type VisitProgress,
} from '../lib/promos';
import { cookieNoticeVisible } from '../stores/consent';
import { siteNow } from './siteClock';
import { promoOverlay, scrollLock, setPromoOverlay } from '../stores/ui';

async function fetchPromos(): Promise<PromoOverlay[]> {
  try {
    const response = await fetch(PROMOS_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) {
      console.warn(`Promo overlays not loaded: ${PROMOS_URL} answered ${response.status}`);
      return [];
    }
    return parsePromoList(await response.json());
  } catch (error) {
    console.warn('Promo overlays not loaded:', error);
    return [];
  }
}

function shell(size: PromoOverlay['type']): HTMLDialogElement | null {
  const element = document.querySelector(`dialog[data-promo-overlay="${size}"]`);
  return element instanceof HTMLDialogElement ? element : null;
}

function openShell(): HTMLDialogElement | null {
  const element = document.querySelector('dialog[data-promo-overlay][open]');
  return element instanceof HTMLDialogElement ? element : null;
}

/** Fills a shell with the promo's linked image. */
function fill(dialog: HTMLDialogElement, promo: PromoOverlay): void {
  const link = document.createElement('a');
  link.className = 'promo-overlay__link';
  link.href = promo.url;
  link.dataset.promoLink = promo.promoID;
  if (promo.webNewWindow) {
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
  const image = document.createElement('img');
  image.src = imageUrl(promo.imageKey, IMAGE_SIZES.promo, { host: IMAGE_HOST, handler: IMAGE_HANDLER });
  image.width = IMAGE_SIZES.promo.width;
  image.height = IMAGE_SIZES.promo.height;
  image.alt = promo.imageAltText;
  link.append(image);
  if (promo.webNewWindow) {
    const note = document.createElement('span');
    note.className = 'visually-hidden';
    note.textContent = ' (opens in a new tab)';
    link.append(note);
  }
  dialog.querySelector('[data-promo-content]')?.replaceChildren(link);
  dialog.dataset.promoId = promo.promoID;
}

function show(promo: PromoOverlay): void {
  const dialog = shell(promo.type);
  if (!dialog) return;
  fill(dialog, promo);
  if (promo.type === 'Default') dialog.showModal();
  else dialog.show();
  setPromoOverlay(promo.type);
  Cookies.set(SEEN_PROMOS_COOKIE, appendSeenPromo(Cookies.get(SEEN_PROMOS_COOKIE), promo.promoID), {
    expires: seenPromosCookieExpiry(),
    path: '/',
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
}

let checking = false;
let visit: VisitProgress = { answeredBeforeLoad: false, pageViews: 1 };
let readTimer: number | undefined;

/**
 * Fetches the promos and shows the first unseen one, unless the cookie notice still waits for an
 * answer, the visitor has not read anything yet (a check is scheduled for when they have), or a
 * promo or another panel is open.
 */
async function check(): Promise<void> {
  if (checking || promoOverlay.get() !== null || cookieNoticeVisible.get()) return;
  const wait = promoReadWaitMs(visit, Date.now());
  if (wait > 0) {
    window.clearTimeout(readTimer);
    if (Number.isFinite(wait)) readTimer = window.setTimeout(() => void check(), wait);
    return;
  }
  checking = true;
  try {
    const promos = await fetchPromos();
    const promo = firstUnseenPromo(promos, parseSeenPromos(Cookies.get(SEEN_PROMOS_COOKIE)), siteNow());
    const busy = cookieNoticeVisible.get() || scrollLock.get() || document.querySelector('dialog[open]') !== null;
    if (promo && !busy) show(promo);
  } finally {
    checking = false;
  }
}

/**
 * Starts the overlay promo on this document. `progress` is the visit as the caller has followed
 * it since the first page (its page views and the cookie notice's answer), and keeps following it.
 */
export function startPromoOverlay(progress: VisitProgress): void {
  visit = progress;
  // Closing: the close icon, the underlay (a click on the modal dialog itself) and the link.
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const dialog = target.closest('dialog[data-promo-overlay]');
    if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return;
    if (target === dialog || target.closest('[data-promo-close], [data-promo-link]')) dialog.close();
  });

  // Escape closes the Mini panel too (a modal dialog closes on Escape natively).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialog = openShell();
    if (dialog && dialog.dataset.promoOverlay === 'Mini') dialog.close();
  });

  // A closed promo is no longer on screen (a Default one releases the scroll lock).
  document.addEventListener(
    'close',
    (event) => {
      if (event.target instanceof HTMLDialogElement && event.target.matches('[data-promo-overlay]')) setPromoOverlay(null);
    },
    true,
  );

  // After a route change the old page's promo is gone: do not leave scrolling locked. (The
  // caller counts the page: a second page counts as having read something.)
  document.addEventListener('astro:after-swap', () => {
    if (promoOverlay.get() !== null && !openShell()) setPromoOverlay(null);
    void check();
  });

  cookieNoticeVisible.listen((visible) => {
    if (!visible) void check();
  });

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  void check();
}
