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
 * - Intent (the pointer resting on a trigger for HOVER_INTENT_MS, pressing it, or focus on it)
 *   starts fetching the player's code: the overlay (./overlay for video; ./mount and the React
 *   live audio overlay for audio), ./engines and the playback library.
 * - The click loads ./open (the player store and the mounting, about 1 KB) beside that code and
 *   starts the session check (./playback prefetchSession), whose grant starts a video's engine
 *   loading the stream while the overlay mounts, so nothing waits on another; the overlays
 *   render into `#video-player-root` and `#live-audio-root`, which DefaultLayout marks
 *   `transition:persist` so live audio keeps playing across the client router's navigations.
 * Before interaction this module is only the listeners: no store, no player code.
 */

import type { SessionGrant } from '../../platform/streamingClient';

/** Whether the trigger asks for DRM live video (shaka-player) rather than hls.js. */
const wantsShaka = (target: HTMLElement): boolean => target.dataset.playVideo !== undefined && target.dataset.playMediaType === 'DrmLiveVideo';

const triggerOf = (event: Event): HTMLElement | null =>
  event.target instanceof Element ? event.target.closest<HTMLElement>('[data-play-video], [data-play-audio]') : null;

/** Fetches a player's code (overlay, engine, playback library): on intent, and again (a no-op then) at the click. */
function loadPlayerCode(target: HTMLElement): void {
  if (target.dataset.playVideo !== undefined) void import('./overlay').catch(() => {});
  else void Promise.all([import('./mount'), import('./LiveAudio')]).catch(() => {});
  void import('./engines').catch(() => {});
  void (wantsShaka(target) ? import('./shakaLibrary') : import('hls.js')).catch(() => {});
}

/** How long the pointer rests on a trigger before its code is fetched (ms), as Astro's hover prefetch waits. */
const HOVER_INTENT_MS = 80;
let hover: ReturnType<typeof setTimeout> | undefined;

function onIntent(event: Event): void {
  const target = triggerOf(event);
  clearTimeout(hover);
  if (!target) return;
  if (event.type === 'pointerover') hover = setTimeout(() => loadPlayerCode(target), HOVER_INTENT_MS);
  else loadPlayerCode(target);
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = triggerOf(event);
  if (!target) return;
  event.preventDefault();
  // Fetched side by side: the opener, the overlay, the playback library and the session check,
  // whose grant starts the engine loading the stream at once.
  loadPlayerCode(target);
  const { playVideo, playAudio } = target.dataset;
  const mediaType = playVideo === undefined ? 'LiveAudio' : wantsShaka(target) ? 'DrmLiveVideo' : 'OnDemand';
  const prepare = (grant: SessionGrant) => import('./engines').then((e) => e.prepareEngine(grant, mediaType));
  void import('./playback')
    .then((m) => m.prefetchSession(playVideo ?? playAudio ?? '', mediaType, playVideo === undefined ? undefined : prepare))
    .catch(() => {});
  void import('./open').then((m) => m.openTrigger(target));
}

if (typeof document !== 'undefined' && !document.documentElement.dataset.playerTriggers) {
  document.documentElement.dataset.playerTriggers = 'on';
  // Capture phase: before the client router's link handler, which would navigate a card's link.
  document.addEventListener('click', onClick, true);
  for (const type of ['pointerover', 'pointerdown', 'focusin']) document.addEventListener(type, onIntent, { capture: true, passive: true });
}
