/**
 * Renders the live audio overlay (React) into its root, once. Imported by
 * ./triggers and ./open only when live audio first opens, so React and the overlay's code load
 * then (the video overlay, ./overlay, needs no React). The root is DefaultLayout's persisted
 * `#live-audio-root`; a layout without it (the streamer layout) gets it appended to <body>.
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

let audio: Promise<void> | null = null;

/** Renders the live audio overlay into #live-audio-root (once). */
export function mountLiveAudio(): Promise<void> {
  audio ??= import('./LiveAudio').then(({ default: LiveAudio }) => {
    createRoot(rootElement('live-audio-root')).render(<LiveAudio />);
  });
  return audio;
}
