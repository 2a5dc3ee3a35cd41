/**
 * Drives the sticky nav (spec §2, §4): an IntersectionObserver tells when the main header has left
 * the view (300px margin); scroll direction hides or shows the bar (src/lib/headerScroll). Sets
 * data-sticky and data-hidden on #sticky-nav. Re-runs after each client-side navigation. Loaded
 * by src/browser/stickyHeaderStart.ts when the page first scrolls: until then the bar stays as
 * rendered (hidden and inert), which is what this would set.
 */
import { nextHeaderScrollState, type HeaderScrollState } from '../lib/headerScroll';
import { STICKY_HEADER_MARGIN } from '../lib/constants';

let cleanup: (() => void) | null = null;

function init(): void {
  cleanup?.();
  const header = document.querySelector<HTMLElement>('header.site-header');
  const bar = document.getElementById('sticky-nav');
  if (!header || !bar) return;
  let state: HeaderScrollState = { sticky: false, hidden: false };
  let outOfView = false;
  let lastY = window.scrollY;
  let frame = 0;
  const apply = () => {
    bar.dataset.sticky = String(state.sticky);
    bar.dataset.hidden = String(!state.sticky || state.hidden);
    bar.inert = !state.sticky || state.hidden;
  };
  const update = () => {
    frame = 0;
    const y = window.scrollY;
    state = nextHeaderScrollState(state, lastY, y, outOfView);
    lastY = y;
    apply();
  };
  const observer = new IntersectionObserver(
    ([entry]) => {
      outOfView = entry ? !entry.isIntersecting : false;
      update();
    },
    { rootMargin: `${STICKY_HEADER_MARGIN}px 0px 0px 0px` },
  );
  observer.observe(header);
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  apply();
  cleanup = () => {
    observer.disconnect();
    window.removeEventListener('scroll', onScroll);
    if (frame) cancelAnimationFrame(frame);
  };
}

/** Drives the sticky nav on this page and on every page the client router swaps in. */
export function startStickyHeader(): void {
  document.addEventListener('astro:page-load', init);
  init();
}
