/**
 * Starts the overlay promo (src/browser/promoOverlay.ts, spec §4 Overlay promo) once one may show:
 * no promo shows while the cookie notice waits for an answer, so the promo's code loads when the
 * notice is answered (at once for a visitor who answered on an earlier page). Until then this
 * follows what the promo's read delay needs (src/lib/promos promoReadWaitMs): the pages shown in
 * this document and when the notice was answered.
 */
import type { VisitProgress } from '../lib/promos';
import { cookieNoticeVisible } from '../stores/consent';

const visit: VisitProgress = { answeredBeforeLoad: !cookieNoticeVisible.get(), pageViews: 1 };
let started = false;

document.addEventListener('astro:after-swap', () => {
  visit.pageViews += 1;
});
cookieNoticeVisible.subscribe((visible) => {
  if (visible || started) return;
  started = true;
  if (!visit.answeredBeforeLoad) visit.answeredAt = Date.now();
  import('./promoOverlay').then(
    (promo) => promo.startPromoOverlay(visit),
    (error: unknown) => console.warn('Promo overlays not loaded:', error),
  );
});
