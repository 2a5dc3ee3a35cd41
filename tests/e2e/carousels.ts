/**
 * Reading a carousel (src/components/Carousel.astro) in end-to-end tests: which slides its
 * viewport shows whole, and which only peek in at the end.
 */
import type { Locator } from '@playwright/test';

/** How many of a carousel's slides are wholly inside its viewport, and how many only in part. */
export function slidesInView(carousel: Locator): Promise<{ full: number; peeking: number }> {
  return carousel.locator('[data-carousel-viewport]').evaluate((viewport) => {
    const frame = viewport.getBoundingClientRect();
    const boxes = [...viewport.querySelectorAll('.carousel__slide')].map((slide) => {
      const box = slide.getBoundingClientRect();
      // A slide's end padding is the gap before the next: its card ends before it.
      return { left: box.left, right: box.right - parseFloat(getComputedStyle(slide).paddingInlineEnd) };
    });
    const full = boxes.filter((b) => b.left >= frame.left - 1 && b.right <= frame.right + 1).length;
    const peeking = boxes.filter((b) => b.left < frame.right - 1 && b.right > frame.right + 1).length;
    return { full, peeking };
  });
}
