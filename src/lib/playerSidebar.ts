/**
 * The video player overlay's sidebar (spec §2 "Video player overlay", §9 "Video sidebar page size
 * 10"): its heading and its items. Pure: the overlay feeds it the site's video list.
 *
 * - {@link sidebarHeading}: 'Related' when a section is set, 'Latest' when none, null (no sidebar)
 *   when the section is 'hidden'.
 * - {@link sidebarItems}: the section's videos (all videos for 'Latest'), newest first, at most
 *   the page size, with the current one kept in the list (it is highlighted, not dropped).
 */
import { VIDEO_SIDEBAR_PAGE_SIZE } from './constants';

/** The section value that hides the sidebar. */
export const HIDDEN_SECTION = 'hidden';

/** 'Related' for a set section, 'Latest' for '' (or whitespace), null for 'hidden'. */
export function sidebarHeading(section: string): 'Related' | 'Latest' | null {
  const s = section.trim();
  if (s === HIDDEN_SECTION) return null;
  return s ? 'Related' : 'Latest';
}

/** What the sidebar needs of a video. `releaseFrom` is an ISO 8601 instant. */
export interface SidebarVideo {
  id: string;
  category: string;
  releaseFrom: string;
}

/**
 * The sidebar's items: videos of `section` (every video when the section is '' — 'Latest'),
 * newest release first, at most `pageSize` (spec §9: 10). The current video, when in the section
 * but beyond the page, takes the last place so it can be highlighted. Empty for 'hidden'.
 */
export function sidebarItems<T extends SidebarVideo>(
  videos: readonly T[],
  section: string,
  currentID: string,
  pageSize: number = VIDEO_SIDEBAR_PAGE_SIZE,
): T[] {
  const heading = sidebarHeading(section);
  if (heading === null || pageSize <= 0) return [];
  const s = section.trim();
  const pool = videos.filter((v) => heading === 'Latest' || v.category === s);
  const sorted = [...pool].sort((a, b) => Date.parse(b.releaseFrom) - Date.parse(a.releaseFrom));
  const page = sorted.slice(0, pageSize);
  const current = sorted.find((v) => v.id === currentID);
  if (current && !page.includes(current)) page[page.length - 1] = current;
  return page;
}
