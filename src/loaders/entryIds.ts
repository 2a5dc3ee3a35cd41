/**
 * The ids of content entries that are made rather than read, in one place: the loaders store
 * entries under them (embedded and content API alike, docs/content-api.md "Ids the pages look
 * up") and the queries look entries up by them. Imports nothing, so pages and tests can use it.
 */

/** The one entry of a single-entity collection: site and platform settings, the streamer, the clock. */
export const SINGLE_ENTRY_ID = 'default';

/**
 * A league table's id, as src/queries/leagueTables.ts looks it up: '<competition>/<season>'
 * ('championship/2025-26').
 * @throws {Error} When the table's competition or season is not a string.
 */
export function leagueTableId(table: { competition?: unknown; season?: unknown }): string {
  const { competition, season } = table;
  if (typeof competition !== 'string' || typeof season !== 'string') throw new Error('a league table needs its competition and season to be named');
  return `${competition}/${season}`;
}

/** An embedded FAQ's id: its group and its place in data/demo/faqs.json ('tickets-3'). */
export function faqId(faq: Record<string, unknown>, index: number): string {
  return `${String(faq.group)}-${index + 1}`;
}

/** An embedded video's id: its provider entry id (`mediaData.entryId`), '' when it has none. */
export function videoId(video: Record<string, unknown>): string {
  return String((video.mediaData as { entryId?: unknown } | undefined)?.entryId ?? '');
}
