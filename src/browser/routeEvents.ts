/**
 * Route-change behaviour with Astro's client router (spec §2 scroll and hash links, §4 Sticky
 * header and loading bar, Search, Route change): the loading bar starts after a 200 ms throttle
 * (5000 ms nominal), finishes and hides 500 ms later, and turns red when the navigation fails;
 * search and the menu close on each route change. The router itself resets scroll to the top on
 * each new page; hash links scroll as ./hashLinks says.
 */
import { onRouteChange } from '../stores/ui';
import './hashLinks';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_HIDE_MS, LOADING_BAR_THROTTLE_MS } from '../lib/constants';

let throttle = 0;
let hide = 0;

function bar(): HTMLElement | null {
  return document.getElementById('loading-bar');
}

function setState(state: 'idle' | 'running' | 'done' | 'failed'): void {
  const el = bar();
  if (!el) return;
  el.style.setProperty('--loading-duration', `${LOADING_BAR_DURATION_MS}ms`);
  el.dataset.state = state;
}

function start(): void {
  window.clearTimeout(throttle);
  window.clearTimeout(hide);
  throttle = window.setTimeout(() => setState('running'), LOADING_BAR_THROTTLE_MS);
}

function finish(state: 'done' | 'failed'): void {
  window.clearTimeout(throttle);
  if (bar()?.dataset.state === 'idle' && state === 'done') return;
  setState(state);
  hide = window.setTimeout(() => setState('idle'), LOADING_BAR_HIDE_MS);
}

document.addEventListener('astro:before-preparation', (event) => {
  start();
  onRouteChange();
  const loader = (event as Event & { loader: () => Promise<void> }).loader;
  (event as Event & { loader: () => Promise<void> }).loader = async () => {
    try {
      await loader();
    } catch (error) {
      finish('failed');
      throw error;
    }
  };
});
document.addEventListener('astro:after-swap', () => finish('done'));
window.addEventListener('pageshow', () => finish('done'));
