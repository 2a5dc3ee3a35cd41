/**
 * Renders the player overlays into their roots, once each. Imported by
 * ./triggers only when a player first opens, so React and an overlay's code load then — the video
 * overlay (hls.js or shaka-player) and the live audio overlay (hls.js) separately.
 * The roots are DefaultLayout's persisted `#video-player-root` and `#live-audio-root`; a layout
 * without them (the streamer layout) gets them appended to <body>.
 */
import { createRoot } from 'react-dom/client';

function rootElement(id: string): HTMLElement {
  const existing = document.getElementById(id);
  if (existing) return existing;
  const el = document.createElement('div');
  el.id = id;
  document.body.append(el);
  return el;
}

let video: Promise<void> | null = null;
let audio: Promise<void> | null = null;

/** Renders the video overlay into #video-player-root (once). */
export function mountVideoOverlay(): Promise<void> {
  video ??= import('./VideoOverlay').then(({ default: VideoOverlay }) => {
    createRoot(rootElement('video-player-root')).render(<VideoOverlay />);
  });
  return video;
}

/** Renders the live audio overlay into #live-audio-root (once). */
export function mountLiveAudio(): Promise<void> {
  audio ??= import('./LiveAudio').then(({ default: LiveAudio }) => {
    createRoot(rootElement('live-audio-root')).render(<LiveAudio />);
  });
  return audio;
}
