/**
 * Video cards in the browser (src/components/VideoCard.astro; spec §4 lock state, §2 player):
 * - repaints each card's `data-locked` from src/stores/videoAccess whenever the viewer signs in
 *   or out or their entitlements load, and after each client-router page load; cards of videos
 *   open to everyone ('?', `data-lock-final`) are never touched. Only an attribute changes (both
 *   icons are in the page), so nothing moves.
 * (Opening the player from a card is the player's trigger script, src/islands/player/triggers.ts,
 * reading the link's data-play-* attributes.)
 * On a page without the client router (the Streamer layout) it also runs the login check, since
 * no site chrome does there.
 */
import { LOCK_EMPTY_ENTITLEMENTS } from '../config';
import { configureLockEmptyEntitlements, lockedFor, videoAccess, type VideoAccess } from '../stores/videoAccess';
import { knownSignedOut } from '../stores/user';

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

// Without the client router (Streamer layout) no site chrome checks the login on this page.
if (!document.querySelector('meta[name="astro-view-transitions-enabled"]') && !knownSignedOut()) {
  void import('../stores/session').then(({ checkLogin }) => checkLogin());
}
