/**
 * Opens the players from static markup; loaded by the layouts, it is only the listeners before
 * interaction. A click on `data-play-video="<entry id>"` (with optional `data-play-title`,
 * `data-play-section`, `data-play-media-type` 'OnDemand' | 'DrmLiveVideo') opens the video overlay,
 * on `data-play-audio="<entry id>"` the live audio player. Intent (resting HOVER_INTENT_MS,
 * pressing, focus) starts fetching the player's code; the click loads ./open and starts the session
 * check (./playback prefetchSession), whose grant starts the engine while the overlay mounts.
 * The overlays render into `#video-player-root` and `#live-audio-root` (`transition:persist`).
 */

import type { SessionGrant } from '../../streaming/browser/streamingClient';

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
