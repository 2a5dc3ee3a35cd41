/** The video player overlay's sidebar rules (src/lib/playerSidebar.ts; spec §2, §9). */
import { describe, expect, it } from 'vitest';
import { sidebarHeading, sidebarItems } from '../../src/lib/playerSidebar';

const video = (id: string, category: string, day: number) => ({ id, category, releaseFrom: `2026-05-${String(day).padStart(2, '0')}T10:00:00+01:00` });

describe('sidebarHeading', () => {
  it("reads 'Related' with a section, 'Latest' without, and hides for 'hidden'", () => {
    expect(sidebarHeading('highlights')).toBe('Related');
    expect(sidebarHeading('')).toBe('Latest');
    expect(sidebarHeading('  ')).toBe('Latest');
    expect(sidebarHeading('hidden')).toBeNull();
  });
});

describe('sidebarItems', () => {
  const videos = [
    video('a', 'highlights', 1),
    video('b', 'interviews', 3),
    video('c', 'highlights', 2),
    ...Array.from({ length: 12 }, (_, i) => video(`h${i}`, 'highlights', 10 + i)),
  ];

  it('lists the section newest first, ten at most', () => {
    const items = sidebarItems(videos, 'highlights', 'h11');
    expect(items).toHaveLength(10);
    expect(items[0]!.id).toBe('h11');
    expect(items.every((v) => v.category === 'highlights')).toBe(true);
  });
  it("lists every category for 'Latest'", () => {
    expect(sidebarItems(videos, '', 'x').map((v) => v.id)).toContain('h2');
    expect(sidebarItems([video('a', 'x', 1), video('b', 'y', 2)], '', 'a').map((v) => v.id)).toEqual(['b', 'a']);
  });
  it('keeps the current video in the list so it can be highlighted', () => {
    expect(sidebarItems(videos, 'highlights', 'a').map((v) => v.id)).toContain('a');
    expect(sidebarItems(videos, 'highlights', 'a')).toHaveLength(10);
  });
  it("is empty for 'hidden'", () => {
    expect(sidebarItems(videos, 'hidden', 'a')).toEqual([]);
  });
});
