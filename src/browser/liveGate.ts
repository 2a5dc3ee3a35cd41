/**
 * Loads the live island (src/islands/liveMatch) only on a page where the inline gate of a live
 * slot named a root (src/lib/liveSlot.ts: a match live now by the site's clock); any other page
 * loads nothing and asks the API nothing. Stops it when the client router leaves the page.
 */
let stopIsland: (() => void) | undefined;

document.addEventListener('astro:page-load', () => {
  if (!document.querySelector('[data-live-match]')) return;
  void import('../islands/liveMatch/liveMatchIsland').then(({ startLiveIslands }) => {
    stopIsland?.();
    stopIsland = document.querySelector('[data-live-match]') ? startLiveIslands() : undefined;
  });
});

document.addEventListener('astro:before-swap', () => {
  stopIsland?.();
  stopIsland = undefined;
});
