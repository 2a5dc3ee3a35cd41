import { getEntry } from 'astro:content';
import type { PlatformSettings, SiteSettings } from '../schemas/settingsSchema';
import { SINGLE_ENTRY_ID } from '../loaders/entryIds';

/** Site settings (spec §3); the build fails if the feed has none. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const entry = await getEntry('siteSettings', SINGLE_ENTRY_ID);
  if (!entry) throw new Error(`Content feed has no site settings (collection siteSettings, item "${SINGLE_ENTRY_ID}")`);
  return entry.data;
}

/** Platform settings (spec §3, §9); the build fails if the feed has none. */
export async function getPlatformSettings(): Promise<PlatformSettings> {
  const entry = await getEntry('platformSettings', SINGLE_ENTRY_ID);
  if (!entry) throw new Error(`Content feed has no platform settings (collection platformSettings, item "${SINGLE_ENTRY_ID}")`);
  return entry.data;
}
