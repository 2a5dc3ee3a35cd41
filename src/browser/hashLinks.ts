/**
 * Hash links (spec §2; rules in src/lib/hashScroll): nothing moves at once, then after 1 s one
 * smooth scroll leaves the anchor 130 px below the top (at once with reduced motion). The browser,
 * or the router, would jump to the anchor as soon as the URL gets its fragment (and again while
 * the page loads), so the anchor's id is hidden until it is scrolled to — on this page for an
 * in-page link (a capture-phase click listener, before the router's), in the incoming page for a
 * link to another page (astro:before-swap), on a page opened with a fragment from the start —
 * while the URL, history and Back stay the router's (or the browser's, in a layout without it).
 * Loaded by the site chrome (./routeEvents) and the Streamer layout.
 */
import { hashScrollPlan, hashScrollTop, hashTarget, samePageHashTarget } from '../lib/hashScroll';

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
