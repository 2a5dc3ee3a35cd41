/**
 * Route-change behaviour with Astro's client router (spec §2 scroll and hash links, §4 Sticky
 * header and loading bar, Search, Route change): the loading bar starts after a 200 ms throttle
 * (5000 ms nominal), finishes and hides 500 ms later, and turns red when the navigation fails;
 * search and the menu close on each route change. The router itself resets scroll to the top on
 * each new page.
 *
 * Hash links (src/lib/hashScroll): nothing moves at once, then after 1 s one smooth scroll leaves
 * the anchor 130 px below the top (at once with reduced motion). The browser, or the router, would
 * jump to the anchor as soon as the URL gets its fragment (and again while the page loads), so the
 * anchor's id is hidden until it is scrolled to — on this page for an in-page link (a capture-phase
 * click listener, before the router's), in the incoming page for a link to another page
 * (astro:before-swap), on a page opened with a fragment from the start — while the URL, history
 * and Back stay the router's.
 */
import { onRouteChange } from '../stores/ui';
import { hashScrollPlan, hashScrollTop, hashTarget, samePageHashTarget } from '../lib/hashScroll';
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

let hashTimer = 0;

/** Hides an anchor's id, so a fragment navigation (by the router or the browser) finds nothing to jump to. */
function hideAnchor(anchor: Element): void {
  anchor.setAttribute('data-hash-anchor', anchor.id);
  anchor.removeAttribute('id');
}

function restoreAnchors(root: ParentNode): void {
  for (const anchor of root.querySelectorAll('[data-hash-anchor]')) {
    anchor.id = anchor.getAttribute('data-hash-anchor') ?? '';
    anchor.removeAttribute('data-hash-anchor');
  }
}

/**
 * After the spec's delay, gives the hidden anchor `id` its id back and scrolls to it (smoothly,
 * unless the visitor prefers reduced motion); a newer hash scroll replaces a pending one.
 */
function scrollToAnchorLater(id: string): void {
  window.clearTimeout(hashTimer);
  const plan = hashScrollPlan(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  hashTimer = window.setTimeout(() => {
    restoreAnchors(document);
    // Parts that skip layout until near the viewport (content-visibility: auto, e.g. fixtures
    // months) are laid out in full first, so the anchor's position is real, not estimated.
    document.documentElement.setAttribute('data-layout-all', '');
    const anchor = document.getElementById(id);
    if (anchor) window.scrollTo({ top: hashScrollTop(anchor.getBoundingClientRect().top, window.scrollY), behavior: plan.behavior });
  }, plan.delayMs);
}

// An in-page hash link: the anchor stays hidden until it is scrolled to.
window.addEventListener(
  'click',
  (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const id = samePageHashTarget(link.href, location.href);
    const anchor = id === null ? null : document.getElementById(id);
    if (!id || !anchor) return;
    restoreAnchors(document);
    hideAnchor(anchor);
    scrollToAnchorLater(id);
  },
  { capture: true },
);

// A link to an anchor on another page: hidden in the incoming page; the router scrolls to the
// top, and the anchor is scrolled to later. Back and Forward keep the router's saved position.
let arrivingAt: string | null = null;
document.addEventListener('astro:before-swap', (event) => {
  window.clearTimeout(hashTimer);
  const id = event.navigationType === 'traverse' ? null : hashTarget(event.to.hash);
  const anchor = id === null ? null : event.newDocument.getElementById(id);
  arrivingAt = anchor ? id : null;
  if (anchor) hideAnchor(anchor);
});

document.addEventListener('astro:after-swap', () => {
  if (arrivingAt) scrollToAnchorLater(arrivingAt);
  else restoreAnchors(document);
  arrivingAt = null;
});

// A page opened with a fragment (typed, reloaded, or from another site): it starts at the top.
const opened = hashTarget(location.hash);
const openedAnchor = opened === null ? null : document.getElementById(opened);
if (opened && openedAnchor) {
  hideAnchor(openedAnchor);
  window.scrollTo({ top: 0, behavior: 'instant' });
  scrollToAnchorLater(opened);
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
