/**
 * Loads the sticky nav's behaviour (src/browser/stickyHeader.ts, spec §4 Sticky header) when the
 * page first scrolls, or at once when it starts scrolled (a restored position, a #fragment): at
 * the top of the page the bar stays hidden and inert, as rendered.
 */
function start(): void {
  window.removeEventListener('scroll', start);
  import('./stickyHeader').then(
    (stickyHeader) => stickyHeader.startStickyHeader(),
    (error: unknown) => console.warn('Sticky header not loaded:', error),
  );
}

if (window.scrollY > 0) start();
else window.addEventListener('scroll', start, { passive: true });
