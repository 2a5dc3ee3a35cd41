/**
 * Opens the players from static markup and mounts them on first use (player code
 * is loaded only when a player opens — this small module is all that runs before). Loaded by the
 * layouts.
 *
 * - A click on an element with `data-play-video="<entry id>"` opens the video overlay for it
 *   (optional `data-play-title`, `data-play-section` — a category slug, '' for 'Latest', 'hidden'
 *   — and `data-play-media-type` 'OnDemand' | 'DrmLiveVideo'); one with
 *   `data-play-audio="<entry id>"` (and `data-play-title`) opens the live audio player. (Inside an
 *   open player, the overlay's sidebar calls `openVideo` of src/stores/player itself.)
 * - The click loads ./open (the player store and the mounting, about 1 KB) and, beside it, the
 *   React overlay (./mount and the overlay component itself) and the playback library, and starts
 *   the session check (./playback prefetchSession), so nothing waits on another; the overlays
 *   render into `#video-player-root` and `#live-audio-root`, which DefaultLayout marks
 *   `transition:persist` so live audio keeps playing across the client router's navigations.
 * Before interaction this module is only the click listener: no store, no player code.
 */

/** Whether the trigger asks for DRM live video (shaka-player) rather than hls.js. */
const wantsShaka = (target: HTMLElement): boolean => target.dataset.playVideo !== undefined && target.dataset.playMediaType === 'DrmLiveVideo';

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-play-video], [data-play-audio]') : null;
  if (!target) return;
  event.preventDefault();
  // Fetched side by side: the opener, the overlay, the playback library and the session check.
  const { playVideo, playAudio } = target.dataset;
  void import('./mount').catch(() => {});
  void (playVideo !== undefined ? import('./VideoOverlay') : import('./LiveAudio')).catch(() => {});
  void (wantsShaka(target) ? import('shaka-player') : import('hls.js')).catch(() => {});
  void import('./playback')
    .then((m) =>
      playVideo !== undefined
        ? m.prefetchSession(playVideo, wantsShaka(target) ? 'DrmLiveVideo' : 'OnDemand')
        : m.prefetchSession(playAudio ?? '', 'LiveAudio'),
    )
    .catch(() => {});
  void import('./open').then((m) => m.openTrigger(target));
}

if (typeof document !== 'undefined' && !document.documentElement.dataset.playerTriggers) {
  document.documentElement.dataset.playerTriggers = 'on';
  // Capture phase: before the client router's link handler, which would navigate a card's link.
  document.addEventListener('click', onClick, true);
}
