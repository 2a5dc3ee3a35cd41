/**
 * The overlay sidebar's reader of the site's video list (/search/videos.json, made by
 * src/pages/search/videos.json.ts), by hand so the player ships no zod: the list when every entry has
 * the fields the sidebar shows, else null (tests/unit/playerAnswers.test.ts).
 */
import type { VideoSearchItem } from '../../lib/searchRules';
import { isJsonObject } from '../../lib/jsonShape';

/** One video of the site's list (/search/videos.json, src/pages/search/videos.json.ts): what the overlay's sidebar needs. */
export type SidebarEntry = Pick<VideoSearchItem, 'id' | 'title' | 'date' | 'duration' | 'thumbnail' | 'entitlements' | 'category' | 'releaseFrom'>;

const SIDEBAR_TEXT_FIELDS = ['id', 'title', 'date', 'duration', 'thumbnail', 'category', 'releaseFrom'] as const satisfies readonly (keyof SidebarEntry)[];

/** The sidebar's video list: every entry with its text fields and entitlements (strings), or null when any is not. */
export function readSidebarList(json: unknown): SidebarEntry[] | null {
  if (!Array.isArray(json)) return null;
  const list: SidebarEntry[] = [];
  for (const item of json) {
    if (!isJsonObject(item) || !SIDEBAR_TEXT_FIELDS.every((key) => typeof item[key] === 'string')) return null;
    const { entitlements } = item;
    if (!Array.isArray(entitlements) || !entitlements.every((e) => typeof e === 'string')) return null;
    const entry = { entitlements: [...entitlements] } as Partial<SidebarEntry> & { entitlements: string[] };
    for (const key of SIDEBAR_TEXT_FIELDS) entry[key] = item[key] as string;
    list.push(entry as SidebarEntry);
  }
  return list;
}
