/**
 * Opens a player for a trigger (./triggers.ts), loaded on the first click on one:
 * `openTrigger(target)` reads the trigger's data-play-* attributes and calls `openVideo` /
 * `openAudio` of src/stores/player; an opening player's overlay is imported and rendered into its
 * root with its playback library fetched beside it; a route change closes the video overlay (live
 * audio stays).
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
