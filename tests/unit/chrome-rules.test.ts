import { describe, expect, it } from 'vitest';
import { nextHeaderScrollState } from '../../src/lib/headerScroll';
import { hashScrollPlan, hashScrollTop, hashTarget, samePageHashTarget } from '../../src/lib/hashScroll';
import { closingInText, secondsLeft } from '../../src/lib/countdown';
import { randomId } from '../../src/lib/randomId';

describe('sticky header (spec §2, §4)', () => {
  const shown = { sticky: true, hidden: false };
  it('is not sticky while the main header is in view', () => {
    expect(nextHeaderScrollState(shown, 100, 200, false)).toEqual({ sticky: false, hidden: false });
  });
  it('hides on scroll down and shows on scroll up once out of view', () => {
    expect(nextHeaderScrollState(shown, 900, 1000, true)).toEqual({ sticky: true, hidden: true });
    expect(nextHeaderScrollState({ sticky: true, hidden: true }, 1000, 950, true)).toEqual({ sticky: true, hidden: false });
  });
  it('ignores jitter below 4 px', () => {
    const hidden = { sticky: true, hidden: true };
    expect(nextHeaderScrollState(hidden, 1000, 998, true)).toBe(hidden);
  });
});

describe('hash links (spec §2: scroll smoothly to the anchor after 1 s with an offset of -130)', () => {
  it('scrolls to 130 px above the anchor, never above the page', () => {
    expect(hashScrollTop(500, 1000)).toBe(1370);
    expect(hashScrollTop(50, 0)).toBe(0);
  });
  it('waits 1 s, then scrolls smoothly (at once with reduced motion)', () => {
    expect(hashScrollPlan(false)).toEqual({ delayMs: 1000, behavior: 'smooth' });
    expect(hashScrollPlan(true)).toEqual({ delayMs: 1000, behavior: 'auto' });
  });
  it('knows an in-page hash link from a link to another page', () => {
    const here = 'https://club.example/matches/first-team/2025-26';
    expect(samePageHashTarget('#league-table', here)).toBe('league-table');
    expect(samePageHashTarget('https://club.example/matches/first-team/2025-26#m-2025-08', here)).toBe('m-2025-08');
    expect(samePageHashTarget('/matches/first-team/2024-25#league-table', here)).toBeNull();
    expect(samePageHashTarget('https://other.example/matches/first-team/2025-26#league-table', here)).toBeNull();
    expect(samePageHashTarget('?competition=fa-cup#league-table', here)).toBeNull();
    expect(samePageHashTarget('#', here)).toBeNull();
    expect(samePageHashTarget(here, here)).toBeNull();
  });
  it('decodes the anchor id of a fragment', () => {
    expect(hashTarget('#caf%C3%A9')).toBe('café');
    expect(hashTarget('')).toBeNull();
    expect(hashTarget('#%E0%A4%A')).toBeNull();
  });
});

describe('error notification countdown (spec §4, §9: 30 s)', () => {
  it('counts whole seconds down to 0', () => {
    expect(secondsLeft(0, 0, 30_000)).toBe(30);
    expect(secondsLeft(0, 29_001, 30_000)).toBe(1);
    expect(secondsLeft(0, 30_000, 30_000)).toBe(0);
    expect(secondsLeft(0, 45_000, 30_000)).toBe(0);
    expect(closingInText(12)).toBe('Closing in 12');
  });
});

describe('randomId (spec §9: 1 to 1,000,000)', () => {
  it('spans 1 to 1,000,000 inclusive', () => {
    expect(randomId(() => 0)).toBe(1);
    expect(randomId(() => 0.9999999999)).toBe(1_000_000);
    for (let i = 0; i < 1000; i++) {
      const id = randomId();
      expect(Number.isInteger(id) && id >= 1 && id <= 1_000_000).toBe(true);
    }
  });
});
