/**
 * Hash links scroll smoothly to their anchor after 1 s with an offset of -130 px (spec §2).
 * The document-relative top to scroll to for an anchor whose viewport top is `anchorTop` when the
 * page is scrolled by `scrollY`; never negative.
 */
import { HASH_SCROLL_OFFSET } from './constants';

export function hashScrollTop(anchorTop: number, scrollY: number, offset: number = HASH_SCROLL_OFFSET): number {
  return Math.max(0, anchorTop + scrollY + offset);
}
