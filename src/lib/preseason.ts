/**
 * Pre-season mode (spec §4 "Pre-season", §3 Platform settings `preseason`): when the display
 * flag is on, the fixtures list of the pre-season's season shows the message that fixtures are
 * coming soon instead of the fixtures. The spec's example is season slug '2025-26'.
 *
 * Input: the platform settings' preseason block and the season slug a page shows
 * ('2025-26'). Output: the message to show, or null when the mode does not apply. Pure.
 */

/** The preseason block of the platform settings. */
export interface PreseasonSettings {
  display: boolean;
  seasonSlug: string;
  message: string;
}

/** The default text when the settings give an empty message. */
export const PRESEASON_DEFAULT_MESSAGE = 'Fixtures are coming soon.';

export function preseasonMessage(preseason: PreseasonSettings, seasonSlug: string): string | null {
  if (!preseason.display || preseason.seasonSlug !== seasonSlug) return null;
  return preseason.message.trim() || PRESEASON_DEFAULT_MESSAGE;
}
