/**
 * Opens the players from static markup and mounts them on first use (issue 13 item 5: player code
 * is loaded only when a player opens — this small module is all that runs before). Loaded by the
 * layouts.
 *
 * - A click on an element with `data-play-video="<entry id>"` opens the video overlay for it
 *   (optional `data-play-title`, `data-play-section` — a category slug, '' for 'Latest', 'hidden'
 *   — and `data-play-media-type` 'OnDemand' | 'DrmLiveVideo'); one with
 *   `data-play-audio="<entry id>"` (and `data-play-title`) opens the live audio player. Islands
 *   call `openVideo` / `openAudio` of src/stores/player directly.
 * - When a player opens, its React overlay (./mount) is imported and rendered into its root:
 *   `#video-player-root` and `#live-audio-root`, which DefaultLayout marks `transition:persist`
 *   so live audio keeps playing across the client router's navigations (made here when a layout
 *   has none).
 * - A route change closes the video overlay (the audio player stays).
 */
import { audioPlayer, closeVideo, openAudio, openVideo, videoPlayer, type VideoMediaType } from '../../stores/player';

const MEDIA_TYPES: readonly VideoMediaType[] = ['OnDemand', 'DrmLiveVideo'];

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-play-video], [data-play-audio]') : null;
  if (!target) return;
  const { playVideo, playAudio, playTitle, playSection, playMediaType } = target.dataset;
  event.preventDefault();
  if (playVideo !== undefined) {
    const mediaType = MEDIA_TYPES.find((t) => t === playMediaType) ?? 'OnDemand';
    openVideo({ videoID: playVideo, mediaType, name: playTitle, section: playSection ?? '', opener: target });
  } else if (playAudio !== undefined) openAudio(playAudio, playTitle);
}

let mounting: Promise<typeof import('./mount')> | null = null;
function mount(): Promise<typeof import('./mount')> {
  mounting ??= import('./mount');
  return mounting;
}

if (typeof document !== 'undefined' && !document.documentElement.dataset.playerTriggers) {
  document.documentElement.dataset.playerTriggers = 'on';
  // Capture phase: before the client router's link handler, which would navigate a card's link.
  document.addEventListener('click', onClick, true);
  // The playback library is fetched at once, beside React and the overlay, not after them.
  videoPlayer.subscribe((state) => {
    if (!state.open) return;
    void (state.mediaType === 'DrmLiveVideo' ? import('shaka-player') : import('hls.js')).catch(() => {});
    void mount().then((m) => m.mountVideoOverlay());
  });
  audioPlayer.subscribe((state) => {
    if (!state.modalOpen) return;
    void import('hls.js').catch(() => {});
    void mount().then((m) => m.mountLiveAudio());
  });
  document.addEventListener('astro:before-swap', () => {
    if (videoPlayer.get().open) closeVideo();
  });
}
