/**
 * Pre-season mode (spec §4 "Pre-season", §3 `preseason`): a season's fixtures list says fixtures
 * are coming soon. On for a season by hand (the settings' flag names its slug) or by the clock: at
 * the site's as-of instant every season that has kicked off has ended, and the season is the next.
 * Seasons are slugs ('2026-27'); instants UTC ISO strings, so string order is time order. Pure.
 */
import { seasonSlug, seasonStartYear } from './dates';

/** The preseason block of the platform settings. */
export interface PreseasonSettings {
  display: boolean;
  seasonSlug: string;
  message: string;
}

/** Pre-season mode as the site shows it: the season in pre-season and the message. */
export interface Preseason {
  seasonSlug: string;
  message: string;
}

/** The default text when the settings give no message for the season. */
export const PRESEASON_DEFAULT_MESSAGE = 'Fixtures are coming soon.';

/** The fields of a match these rules read. */
export interface SeasonMatch {
  season: string;
  kickOff: string;
}

/**
 * The season the club is in pre-season for at `asOf`, from the club's matches (the first team's:
 * they set the club's calendar), or null while a season is under way:
 * - some season has kicked off and has matches after `asOf` → null (under way);
 * - every season that has kicked off has played its last match → the season after the newest of
 *   them ('2025-26' over → '2026-27'), whether or not the data already holds its fixtures;
 * - no season has kicked off yet → the first season in the data; no matches → null.
 */
export function preseasonSeasonAt(matches: readonly SeasonMatch[], asOf: string): string | null {
  const started = new Set<string>();
  for (const m of matches) if (m.kickOff <= asOf) started.add(m.season);
  if (started.size === 0) return [...new Set(matches.map((m) => m.season))].sort()[0] ?? null;
  if (matches.some((m) => started.has(m.season) && m.kickOff > asOf)) return null;
  const newest = [...started].sort().at(-1)!;
  return seasonSlug(seasonStartYear(newest) + 1);
}

/**
 * Pre-season mode at `asOf`: the settings' display flag first (their season and message), else the
 * clock's (preseasonSeasonAt), with the settings' message when it is written for that season.
 * A blank message reads PRESEASON_DEFAULT_MESSAGE. Null when the mode is off.
 */
export function preseasonAt(settings: PreseasonSettings, matches: readonly SeasonMatch[], asOf: string): Preseason | null {
  const season = settings.display ? settings.seasonSlug : preseasonSeasonAt(matches, asOf);
  if (season === null) return null;
  const written = settings.seasonSlug === season ? settings.message.trim() : '';
  return { seasonSlug: season, message: written || PRESEASON_DEFAULT_MESSAGE };
}

/** The message a fixtures list of `seasonSlug` shows instead of fixtures, or null. */
export function preseasonMessage(preseason: Preseason | null, seasonSlug: string): string | null {
  return preseason !== null && preseason.seasonSlug === seasonSlug ? preseason.message : null;
}

/** Whether a match belongs to the season in pre-season (its fixtures are not out yet). */
export function inPreseason(preseason: Preseason | null, match: { season: string }): boolean {
  return preseason !== null && preseason.seasonSlug === match.season;
}
