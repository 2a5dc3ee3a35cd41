/**
 * Opens a player for a trigger (src/islands/player/triggers.ts) and mounts the players on first
 * use. Loaded on the first click on a trigger, so the player store and this
 * wiring cost nothing before interaction.
 *
 * - `openTrigger(target)`: reads the trigger's data attributes (`data-play-video` with optional
 *   `data-play-title`, `data-play-section`, `data-play-media-type` 'OnDemand' | 'DrmLiveVideo';
 *   or `data-play-audio` with `data-play-title`) and calls `openVideo` / `openAudio` of
 *   src/stores/player.
 * - When a player opens, its overlay (./overlay for video, the React live audio overlay through
 *   ./mount) is imported and rendered into its root, and its playback library (hls.js, or
 *   shaka-player for DRM live) is fetched beside it.
 * - A route change closes the video overlay (the live audio player stays).
 */
import { audioPlayer, closeVideo, openAudio, openVideo, videoPlayer, type VideoMediaType } from '../../stores/player';

const MEDIA_TYPES: readonly VideoMediaType[] = ['OnDemand', 'DrmLiveVideo'];

// Registered once, when this module first loads.
videoPlayer.subscribe((state) => {
  if (!state.open) return;
  void (state.mediaType === 'DrmLiveVideo' ? import('shaka-player') : import('hls.js')).catch(() => {});
  void import('./overlay').then((m) => m.mountVideoOverlay());
});
audioPlayer.subscribe((state) => {
  if (!state.modalOpen) return;
  void import('hls.js').catch(() => {});
  void import('./mount').then((m) => m.mountLiveAudio());
});
document.addEventListener('astro:before-swap', () => {
  if (videoPlayer.get().open) closeVideo();
});

/** Opens the player a trigger element asks for (see the module header for its attributes). */
export function openTrigger(target: HTMLElement): void {
  const { playVideo, playAudio, playTitle, playSection, playMediaType } = target.dataset;
  if (playVideo !== undefined) {
    const mediaType = MEDIA_TYPES.find((t) => t === playMediaType) ?? 'OnDemand';
    openVideo({ videoID: playVideo, mediaType, name: playTitle, section: playSection ?? '', opener: target });
  } else if (playAudio !== undefined) openAudio(playAudio, playTitle);
}
