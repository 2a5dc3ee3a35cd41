/**
 * Content collections: one per entity of spec §3, validated by the zod schemas in src/schemas.
 * The embedded dataset (data/) fills them by default; when CONTENT_API_URL is set the club
 * platform's content API does, producing the same validated entities. Invalid data fails the
 * build naming feed, collection, item and field; the feed guard (src/loaders/feedGuardLoader.ts) fails
 * it when news, fixtures, squads or packages come back empty or shrink past FEED_SHRINK_LIMIT,
 * or a fixture names an unknown team or competition.
 */
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { contentSource } from './loaders/contentDir';
import { jsonFeedLoader } from './loaders/jsonFeedLoader';
import { markdownFeedLoader } from './loaders/markdownFeedLoader';
import { platformFeedLoader, type PlatformFeed } from './loaders/platformFeedLoader';
import { faqId, leagueTableId, SINGLE_ENTRY_ID, videoId } from './loaders/entryIds';
import { leagueTablesLoader, matchesLoader, seasonsLoader } from './loaders/footballLoaders';
import { fixtureReferencesCheck, guardedFeed, observed } from './loaders/feedGuardLoader';
import { platformSettingsSchema, siteSettingsSchema } from './schemas/settingsSchema';
import { competitionSchema, leagueTableInputSchema, matchEventsSchema, matchSchema, playerSchema, seasonSchema, teamSchema } from './schemas/football';
import { newsArticleSchema, newsCategorySchema } from './schemas/newsSchemas';
import { faqSchema, menuPageSchema, navigationMenuSchema } from './schemas/pageSchemas';
import { advertSlotSchema, footerAdvertSchema, promoOverlaySchema, sponsorRowSchema } from './schemas/commercial';
import { packageSchema, streamAssetSchema, streamerConfigSchema, videoCategorySchema, videoItemSchema } from './schemas/streaming';
import { clockLoader } from './loaders/clockLoader';
import { clockSchema } from './schemas/clockSchema';

/** The embedded loader, or the platform content API's feed at `path` when configured. */
function from(embedded: Loader, platform: PlatformFeed): Loader {
  return contentSource() === 'platform' ? platformFeedLoader(platform) : embedded;
}

const json = (file: string, idOf: string | ((record: Record<string, unknown>, index: number) => string)) =>
  jsonFeedLoader({ feed: `embedded:${file}`, file, idOf });

/** A one-entity file's entry, stored under the same id as the content API's one entity. */
const single = () => SINGLE_ENTRY_ID;

// Fixtures are checked against the loaded teams and competitions.
const teams = observed('teams', from(json('club/teams.json', 'id'), { path: 'teams', idOf: 'id' }));
const competitions = observed('competitions', from(json('club/competitions.json', 'id'), { path: 'competitions', idOf: 'id' }));

export const collections = {
  siteSettings: defineCollection({
    loader: from(json('club/site-settings.json', single), { path: 'settings/site', single: true }),
    schema: siteSettingsSchema,
  }),
  platformSettings: defineCollection({
    loader: from(json('club/platform-settings.json', single), { path: 'settings/platform', single: true }),
    schema: platformSettingsSchema,
  }),
  teams: defineCollection({ loader: teams.loader, schema: teamSchema }),
  competitions: defineCollection({ loader: competitions.loader, schema: competitionSchema }),
  seasons: defineCollection({ loader: from(seasonsLoader(), { path: 'seasons', idOf: 'slug' }), schema: seasonSchema }),
  matches: defineCollection({
    loader: guardedFeed('fixtures', from(matchesLoader(), { path: 'matches', idOf: 'id' }), fixtureReferencesCheck({ teams, competitions })),
    schema: matchSchema,
  }),
  matchEvents: defineCollection({
    loader: from(json('demo/match-events.json', 'matchID'), { path: 'match-events', idOf: 'matchID' }),
    schema: matchEventsSchema,
  }),
  leagueTables: defineCollection({
    loader: from(leagueTablesLoader(), { path: 'league-tables', idOf: leagueTableId }),
    schema: leagueTableInputSchema,
  }),
  players: defineCollection({
    loader: guardedFeed('squads', from(json('demo/players.json', 'slug'), { path: 'players', idOf: 'slug' })),
    schema: playerSchema,
  }),
  news: defineCollection({
    loader: guardedFeed('news', from(markdownFeedLoader({ feed: 'embedded:demo/news', folder: 'demo/news' }), { path: 'news', idOf: 'slug', html: true })),
    schema: newsArticleSchema,
  }),
  newsCategories: defineCollection({
    loader: from(json('club/news-categories.json', 'slug'), { path: 'news-categories', idOf: 'slug' }),
    schema: newsCategorySchema,
  }),
  pages: defineCollection({
    loader: from(markdownFeedLoader({ feed: 'embedded:demo/pages', folder: 'demo/pages' }), { path: 'pages', idOf: 'fullPath', html: true }),
    schema: menuPageSchema,
  }),
  menus: defineCollection({ loader: from(json('club/menus.json', 'name'), { path: 'menus', idOf: 'name' }), schema: navigationMenuSchema }),
  faqs: defineCollection({
    loader: from(json('demo/faqs.json', faqId), { path: 'faqs', idOf: 'id' }),
    schema: faqSchema,
  }),
  sponsorRows: defineCollection({ loader: from(json('demo/sponsor-rows.json', 'rowID'), { path: 'sponsor-rows', idOf: 'rowID' }), schema: sponsorRowSchema }),
  advertSlots: defineCollection({ loader: from(json('demo/advert-slots.json', 'slotID'), { path: 'advert-slots', idOf: 'slotID' }), schema: advertSlotSchema }),
  footerAdverts: defineCollection({ loader: from(json('demo/footer-adverts.json', 'id'), { path: 'footer-adverts', idOf: 'id' }), schema: footerAdvertSchema }),
  promoOverlays: defineCollection({
    loader: from(json('demo/promo-overlays.json', 'promoID'), { path: 'promo-overlays', idOf: 'promoID' }),
    schema: promoOverlaySchema,
  }),
  videos: defineCollection({
    loader: from(json('demo/videos.json', videoId), { path: 'videos', idOf: 'id' }),
    schema: videoItemSchema,
  }),
  videoCategories: defineCollection({
    loader: from(json('club/video-categories.json', 'slug'), { path: 'video-categories', idOf: 'slug' }),
    schema: videoCategorySchema,
  }),
  packages: defineCollection({
    loader: guardedFeed('packages', from(json('demo/packages.json', 'id'), { path: 'packages', idOf: 'id' })),
    schema: packageSchema,
  }),
  streams: defineCollection({
    loader: from(json('demo/streams.json', 'id'), { path: 'streams', idOf: 'id' }),
    schema: streamAssetSchema,
  }),
  streamer: defineCollection({ loader: from(json('club/streamer.json', single), { path: 'streamer', single: true }), schema: streamerConfigSchema }),
  // The site's one clock (src/queries/clock.ts): the dataset's as-of instant, or the real time for the platform.
  clock: defineCollection({ loader: clockLoader(), schema: clockSchema }),
};
