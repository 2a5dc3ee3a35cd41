import { getTeamSeasons } from './matches';
import { getPlatformSettings } from './settings';

/**
 * The season a team's matches page opens on: the platform's current season (spec §9 names 2025-26)
 * when the team has matches in it, else the team's newest season, else the current season.
 */
export async function defaultSeasonFor(teamSlug: string): Promise<string> {
  const [seasons, platform] = await Promise.all([getTeamSeasons(teamSlug), getPlatformSettings()]);
  if (seasons.includes(platform.currentSeasonSlug)) return platform.currentSeasonSlug;
  return seasons[0] ?? platform.currentSeasonSlug;
}
