/**
 * Repaints video cards' lock state (src/components/VideoCard.astro; spec §4 "re-evaluated when
 * login or entitlements change"): each card's `data-locked` follows src/stores/videoAccess (a
 * nanostores computed over the user and LOCK_EMPTY_ENTITLEMENTS) whenever the viewer signs in or
 * out or their entitlements load, and after each client-router page load. Cards of videos open
 * to everyone ('?', `data-lock-final`) are never touched. Only an attribute changes (both icons
 * are in the page), so nothing moves. Loaded by src/browser/videoCards.ts once someone signs in.
 */
import { LOCK_EMPTY_ENTITLEMENTS } from '../config';
import { configureLockEmptyEntitlements, lockedFor, videoAccess, type VideoAccess } from '../stores/videoAccess';

configureLockEmptyEntitlements(LOCK_EMPTY_ENTITLEMENTS);

/** Sets data-locked on every card whose lock state depends on the viewer. */
function paint(access: VideoAccess): void {
  for (const card of document.querySelectorAll<HTMLElement>('[data-video-card]:not([data-lock-final])')) {
    const entitlements = (card.dataset.entitlements ?? '').split(',').filter((e) => e !== '');
    const locked = String(lockedFor(access, entitlements));
    if (card.dataset.locked !== locked) card.dataset.locked = locked;
  }
}

videoAccess.subscribe(paint);
document.addEventListener('astro:page-load', () => paint(videoAccess.get()));
