import { describe, expect, it } from 'vitest';
import { CAROUSEL_START_DELAY_MS } from '../../src/lib/constants';
import {
  CAROUSEL_BREAKPOINTS,
  CAROUSEL_TYPES,
  carouselButtonStates,
  carouselLayout,
  carouselProgress,
  defaultCarouselLayout,
  showCarousel,
} from '../../src/lib/carouselRules';

/** The site's responsive breakpoints (px, min-width; spec §9), which the carousel's must be among. */
const SPEC_BREAKPOINTS: readonly number[] = [450, 640, 700, 760, 820, 1024, 1100, 1200, 1440];

describe('visible items and peek (spec §9)', () => {
  it('full-3 shows 3, full-4 shows 4, full-6 shows 6, with a 180 px peek by default', () => {
    expect(defaultCarouselLayout('full-3')).toEqual({ visible: 3, peek: 180 });
    expect(defaultCarouselLayout('full-4')).toEqual({ visible: 4, peek: 180 });
    expect(defaultCarouselLayout('full-6')).toEqual({ visible: 6, peek: 180 });
    expect(carouselLayout('full-6', 1920)).toEqual({ visible: 6, peek: 180 });
  });

  it('reduces to 1–5 items with a 50–140 px peek at the breakpoints', () => {
    for (const type of CAROUSEL_TYPES) {
      for (const b of CAROUSEL_BREAKPOINTS[type]) {
        expect(b.visible, type).toBeGreaterThanOrEqual(1);
        expect(b.visible, type).toBeLessThanOrEqual(5);
        expect(b.peek, type).toBeGreaterThanOrEqual(50);
        expect(b.peek, type).toBeLessThanOrEqual(140);
        expect(SPEC_BREAKPOINTS, type).toContain(b.maxWidth);
      }
    }
  });

  it('picks the narrowest breakpoint covering the width (max-width, inclusive)', () => {
    expect(carouselLayout('full-6', 375)).toEqual({ visible: 1, peek: 50 });
    expect(carouselLayout('full-6', 450)).toEqual({ visible: 1, peek: 50 });
    expect(carouselLayout('full-6', 451)).toEqual({ visible: 2, peek: 80 });
    expect(carouselLayout('full-6', 1024)).toEqual({ visible: 3, peek: 100 });
    expect(carouselLayout('full-6', 1200)).toEqual({ visible: 4, peek: 120 });
    expect(carouselLayout('full-6', 1440)).toEqual({ visible: 5, peek: 140 });
    expect(carouselLayout('full-6', 1441)).toEqual({ visible: 6, peek: 180 });
    expect(carouselLayout('full-4', 1200)).toEqual({ visible: 3, peek: 140 });
    expect(carouselLayout('full-4', 1280)).toEqual({ visible: 4, peek: 180 });
    expect(carouselLayout('full-3', 800)).toEqual({ visible: 2, peek: 100 });
    expect(carouselLayout('full-3', 1100)).toEqual({ visible: 3, peek: 180 });
  });

  it('never shows more items as the viewport narrows', () => {
    for (const type of CAROUSEL_TYPES) {
      let previous = Infinity;
      for (let width = 2000; width >= 320; width -= 10) {
        const { visible } = carouselLayout(type, width);
        expect(visible, `${type} at ${width}`).toBeLessThanOrEqual(previous);
        previous = visible;
      }
    }
  });
});

describe('buttons and progress (spec §4 Carousel)', () => {
  it('disables previous at index 0 and next at the last index', () => {
    expect(carouselButtonStates(0, 5)).toEqual({ previousDisabled: true, nextDisabled: false });
    expect(carouselButtonStates(2, 5)).toEqual({ previousDisabled: false, nextDisabled: false });
    expect(carouselButtonStates(5, 5)).toEqual({ previousDisabled: false, nextDisabled: true });
    expect(carouselButtonStates(0, 0)).toEqual({ previousDisabled: true, nextDisabled: true });
  });

  it('shows index / scrollable length', () => {
    expect(carouselProgress(0, 4)).toBe(0);
    expect(carouselProgress(1, 4)).toBe(0.25);
    expect(carouselProgress(4, 4)).toBe(1);
  });

  it('is full when nothing scrolls, and clamped to 0–1', () => {
    expect(carouselProgress(0, 0)).toBe(1);
    expect(carouselProgress(-1, 4)).toBe(0);
    expect(carouselProgress(9, 4)).toBe(1);
  });

  it('starts 100 ms after mount and shows only if its length is above 0', () => {
    expect(CAROUSEL_START_DELAY_MS).toBe(100);
    expect(showCarousel(0)).toBe(false);
    expect(showCarousel(1)).toBe(true);
  });
});
