/**
 * Route-change behaviour with Astro's client router (spec §2 scroll and hash links, §4 Sticky
 * header and loading bar, Search, Route change): the loading bar starts after a 200 ms throttle
 * (5000 ms nominal), finishes and hides 500 ms later, and turns red when the navigation fails;
 * search and the menu close on each route change; a hash in the URL scrolls smoothly to its
 * anchor after 1 s with a -130 px offset (honouring reduced motion). The router itself resets
 * scroll to the top on each new page.
 */
import { onRouteChange } from '../stores/ui';
import { hashScrollTop } from '../lib/hashScroll';
import { HASH_SCROLL_DELAY_MS, LOADING_BAR_DURATION_MS, LOADING_BAR_HIDE_MS, LOADING_BAR_THROTTLE_MS } from '../lib/constants';

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

function scrollToHash(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  window.setTimeout(() => {
    const anchor = document.getElementById(id);
    if (!anchor) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: hashScrollTop(anchor.getBoundingClientRect().top, window.scrollY), behavior: reduce ? 'auto' : 'smooth' });
  }, HASH_SCROLL_DELAY_MS);
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
document.addEventListener('astro:page-load', scrollToHash);
window.addEventListener('pageshow', () => finish('done'));
