/**
 * Hash links scroll smoothly to their anchor after 1 s with an offset of -130 px (spec §2, §9
 * hash scroll delay 1 s): nothing moves at the click (or on arrival), then one smooth scroll
 * leaves the anchor 130 px below the top of the viewport. Pure rules for src/browser/routeEvents.
 */
import { HASH_SCROLL_DELAY_MS, HASH_SCROLL_OFFSET } from './constants';

/**
 * The document-relative top to scroll to for an anchor whose viewport top is `anchorTop` when the
 * page is scrolled by `scrollY`; never negative.
 */
export function hashScrollTop(anchorTop: number, scrollY: number, offset: number = HASH_SCROLL_OFFSET): number {
  return Math.max(0, anchorTop + scrollY + offset);
}

/**
 * The anchor id a link goes to on the page at `current` (both absolute URLs): the decoded
 * fragment when the link stays on the same page (origin, path and query) and has one; null for
 * another page, no fragment, a bare '#', or a fragment that does not decode.
 */
export function samePageHashTarget(href: string, current: string): string | null {
  const to = new URL(href, current);
  const from = new URL(current);
  if (to.origin !== from.origin || to.pathname !== from.pathname || to.search !== from.search) return null;
  return hashTarget(to.hash);
}

/** The anchor id of a URL fragment ('#league-table' → 'league-table'), or null for '' and '#'. */
export function hashTarget(hash: string): string | null {
  try {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    return id === '' ? null : id;
  } catch {
    return null;
  }
}

/**
 * How a hash link scrolls (spec §2): after `delayMs` (1 s), smoothly — or at once when the
 * visitor prefers reduced motion.
 */
export function hashScrollPlan(prefersReducedMotion: boolean): { delayMs: number; behavior: 'smooth' | 'auto' } {
  return { delayMs: HASH_SCROLL_DELAY_MS, behavior: prefersReducedMotion ? 'auto' : 'smooth' };
}
