/**
 * Carousel rules (spec §3, §4 Carousel, §5 enums, §9 visible items and peek), framework-free:
 * full-3, full-4 and full-6 show 3, 4 and 6 items, narrower viewports 1–5; the next item peeks in
 * by 180 px, 50–140 px at the breakpoints; Previous is disabled at 0, Next at the last index; the
 * carousel starts CAROUSEL_START_DELAY_MS after mount and shows only with items.
 * Widths are CSS pixels of the viewport.
 */
import { CAROUSEL_PEEK_DEFAULT, CAROUSEL_VISIBLE_ITEMS } from './constants';

/** Carousel types (spec §3, §5). */
export const CAROUSEL_TYPES = ['full-3', 'full-4', 'full-6'] as const;
export type CarouselType = (typeof CAROUSEL_TYPES)[number];

/** Carousel styles (spec §3, §5). */
export const CAROUSEL_STYLES = ['light', 'dark'] as const;
export type CarouselStyle = (typeof CAROUSEL_STYLES)[number];

/** How many items are fully visible, and how many pixels of the next one peek in after them. */
export interface CarouselLayout {
  visible: number;
  peek: number;
}

/** A breakpoint: at viewport widths up to and including maxWidth, the layout reduces to this. */
export interface CarouselBreakpoint extends CarouselLayout {
  maxWidth: number;
}

/**
 * Breakpoints per type, narrowest first, on the site's breakpoints (spec §9: 450 … 1440 px).
 * Above the widest one the type's default applies (CAROUSEL_VISIBLE_ITEMS, peek 180).
 */
export const CAROUSEL_BREAKPOINTS: Readonly<Record<CarouselType, readonly CarouselBreakpoint[]>> = {
  'full-3': [
    { maxWidth: 450, visible: 1, peek: 50 },
    { maxWidth: 1024, visible: 2, peek: 100 },
  ],
  'full-4': [
    { maxWidth: 450, visible: 1, peek: 50 },
    { maxWidth: 760, visible: 2, peek: 80 },
    { maxWidth: 1200, visible: 3, peek: 140 },
  ],
  'full-6': [
    { maxWidth: 450, visible: 1, peek: 50 },
    { maxWidth: 760, visible: 2, peek: 80 },
    { maxWidth: 1024, visible: 3, peek: 100 },
    { maxWidth: 1200, visible: 4, peek: 120 },
    { maxWidth: 1440, visible: 5, peek: 140 },
  ],
};

/** The layout of a type above all its breakpoints: 3, 4 or 6 items with a 180 px peek. */
export function defaultCarouselLayout(type: CarouselType): CarouselLayout {
  return { visible: CAROUSEL_VISIBLE_ITEMS[type], peek: CAROUSEL_PEEK_DEFAULT };
}

/** The layout of a type at a viewport width: the narrowest breakpoint that covers it, else the default. */
export function carouselLayout(type: CarouselType, viewportWidth: number): CarouselLayout {
  const breakpoint = CAROUSEL_BREAKPOINTS[type].find((b) => viewportWidth <= b.maxWidth);
  return breakpoint ? { visible: breakpoint.visible, peek: breakpoint.peek } : defaultCarouselLayout(type);
}

/** Spec §4: previous is disabled at index 0 (or before), next at the last index (or after). */
export function carouselButtonStates(index: number, lastIndex: number): { previousDisabled: boolean; nextDisabled: boolean } {
  return { previousDisabled: index <= 0, nextDisabled: index >= lastIndex };
}

/**
 * Spec §4: the progress bar's fill, index / scrollable length, clamped to 0–1. The scrollable
 * length is the last index (the number of scroll positions minus one); when there is nothing to
 * scroll (length 0 or less) everything is in view and the bar is full (1).
 */
export function carouselProgress(index: number, scrollableLength: number): number {
  if (scrollableLength <= 0) return 1;
  return Math.min(1, Math.max(0, index / scrollableLength));
}

/** Spec §3: a carousel shows only if its length is above 0. */
export function showCarousel(length: number): boolean {
  return length > 0;
}
