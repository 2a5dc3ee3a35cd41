/**
 * Starts the footer adverts (./footerAdverts, spec §4 Adverts) when the site footer comes
 * within a viewport's height of the screen, on the first page and after each route change of
 * Astro's client router: a first view that never reaches the footer loads none of their code,
 * images or impressions. The slots may show at once on the first page and 2 s after a route
 * change (src/lib/adverts footerAdvertDelay), counted from the change, not from the scroll.
 */
import { footerAdvertDelay } from '../lib/adverts';

/** Settles when the slots may be enabled: at once on the first page, 2 s after the latest route change. */
let enabled: Promise<void> = new Promise((resolve) => window.setTimeout(resolve, footerAdvertDelay(false)));
let watched: { root: HTMLElement | null; stop: () => void } | undefined;

function watch(): void {
  const root = document.querySelector<HTMLElement>('[data-footer-adverts]');
  if (watched && watched.root === root) return;
  watched?.stop();
  if (!root) {
    watched = { root, stop: () => {} };
    return;
  }
  const slotsEnabled = enabled;
  let stopAdverts: (() => void) | undefined;
  let stopped = false;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      import('./footerAdverts')
        .then(({ startFooterAdverts }) => {
          if (!stopped) stopAdverts = startFooterAdverts(root, slotsEnabled);
        })
        .catch((error: unknown) => console.warn('Footer adverts not loaded:', error));
    },
    { rootMargin: '0px 0px 100% 0px' },
  );
  // The slots' section takes no space until a slot shows (src/styles/commercial.css): watch the footer around it.
  observer.observe(root.closest('footer') ?? root);
  watched = {
    root,
    stop: () => {
      stopped = true;
      observer.disconnect();
      stopAdverts?.();
    },
  };
}

document.addEventListener('astro:after-swap', () => {
  enabled = new Promise((resolve) => window.setTimeout(resolve, footerAdvertDelay(true)));
});
document.addEventListener('astro:page-load', watch);
watch();
