/**
 * Sticky header rule (spec §2 Header styles, §4 Sticky header; §9 header scroll threshold 300 px):
 * the sticky nav appears once the main header has scrolled out of view (with a 300px margin);
 * while it is out of view the sticky header hides on scroll down and shows on scroll up.
 */
export interface HeaderScrollState {
  /** The sticky bar is in use (past the threshold / main header out of view). */
  sticky: boolean;
  /** The sticky bar is slid out of view (the reader is scrolling down). */
  hidden: boolean;
}

/** Scroll distances below this many px are ignored (jitter from inertial scrolling). */
export const SCROLL_JITTER_PX = 4;

/**
 * The next state from the previous scroll position `lastY`, the current `y` (px from the top),
 * and whether the main header is out of view. Returns `previous` unchanged for tiny moves.
 */
export function nextHeaderScrollState(previous: HeaderScrollState, lastY: number, y: number, headerOutOfView: boolean): HeaderScrollState {
  if (!headerOutOfView) return { sticky: false, hidden: false };
  const delta = y - lastY;
  if (Math.abs(delta) < SCROLL_JITTER_PX) return previous.sticky ? previous : { sticky: true, hidden: delta >= 0 };
  return { sticky: true, hidden: delta > 0 };
}
