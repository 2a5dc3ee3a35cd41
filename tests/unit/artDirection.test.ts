/**
 * Art direction (src/lib/artDirection.ts): focal points become the classes that
 * position a cropped image, slot overrides win over the image's point, the CSS defines every class
 * the rule can produce, and the manifest is validated at the edge.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOCUS_STEP, IMAGE_SLOTS, SLOT_FOCUS, focalPointFor, focusClasses, parseFocalPoints } from '../../src/lib/artDirection';

describe('focalPointFor', () => {
  const entry = { x: 70, y: 30, slots: { tile: { x: 50, y: 40 } } };

  it('uses the slot’s override, else the image’s point', () => {
    expect(focalPointFor(entry, 'tile')).toEqual({ x: 50, y: 40 });
    expect(focalPointFor(entry, 'hero')).toEqual({ x: 70, y: 30 });
    expect(focalPointFor({ x: 20, y: 80 }, 'card')).toEqual({ x: 20, y: 80 });
  });

  it('falls back to the slot’s default for an image without a focal point', () => {
    for (const slot of IMAGE_SLOTS) expect(focalPointFor(undefined, slot)).toEqual(SLOT_FOCUS[slot]);
    expect(SLOT_FOCUS.portrait.y).toBeLessThan(50);
  });
});

describe('focusClasses', () => {
  it('names the point in steps of FOCUS_STEP percent', () => {
    expect(focusClasses({ x: 70, y: 35 })).toBe('art focus-x-70 focus-y-35');
    expect(focusClasses({ x: 62, y: 28 })).toBe('art focus-x-60 focus-y-30');
    expect(focusClasses({ x: 0, y: 100 })).toBe('art focus-x-0 focus-y-100');
  });

  it('keeps values within 0–100 and treats a non-number as the middle', () => {
    expect(focusClasses({ x: -20, y: 140 })).toBe('art focus-x-0 focus-y-100');
    expect(focusClasses({ x: Number.NaN, y: 50 })).toBe('art focus-x-50 focus-y-50');
  });

  it('every class it can produce is defined in global.css, with the matching percentage', () => {
    const css = readFileSync(path.resolve('src/styles/global.css'), 'utf8');
    expect(css).toMatch(/\.art\s*\{\s*object-position:\s*var\(--focus-x, 50%\) var\(--focus-y, 50%\);?\s*\}/);
    // Whitespace-tolerant: Prettier lays each rule out on its own lines.
    for (let n = 0; n <= 100; n += FOCUS_STEP) {
      expect(css).toMatch(new RegExp(`\\.focus-x-${n}\\s*\\{\\s*--focus-x:\\s*${n}%;?\\s*\\}`));
      expect(css).toMatch(new RegExp(`\\.focus-y-${n}\\s*\\{\\s*--focus-y:\\s*${n}%;?\\s*\\}`));
    }
  });
});

describe('parseFocalPoints', () => {
  it('reads the manifest by key, without a leading slash', () => {
    const map = parseFocalPoints({ images: { '/news/a.svg': { x: 70, y: 30 }, 'menu/b.svg': { x: 50, y: 40, slots: { tile: { x: 40, y: 40 } } } } });
    expect(map.get('news/a.svg')).toEqual({ x: 70, y: 30 });
    expect(map.get('menu/b.svg')?.slots?.tile).toEqual({ x: 40, y: 40 });
  });

  it('refuses values outside 0–100, unknown slots and a missing images object', () => {
    expect(() => parseFocalPoints({ images: { 'a.svg': { x: 120, y: 30 } } })).toThrow(/images/);
    expect(() => parseFocalPoints({ images: { 'a.svg': { x: 50, y: 30, slots: { banner: { x: 1, y: 1 } } } } })).toThrow();
    expect(() => parseFocalPoints({})).toThrow();
  });
});
