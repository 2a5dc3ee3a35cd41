/**
 * The server-side video catalogue, from the content the /videos pages are built from plus the stream
 * assets (data/demo/streams.json, spec §3 "Stream asset"): `playable(videoID, mediaType)` →
 * PlayableAsset | null (playback ID, entitlements, allowed countries, live status), and the shapes of
 * spec §7's video calls (feed sections, categories, packages, stream assets).
 * Errors: content is parsed with zod when the catalogue is made; two assets with different access
 * rules sharing a playback ID throw CatalogueError naming both.
 */
import { z } from 'zod';
import { sectionFeedPage, sortCategories } from '../rules/videoCatalogue.ts';
import type { StreamMediaType } from '../rules/streamAccess.ts';
import { PLAYBACK_ID_PATTERN } from '../rules/playbackToken.ts';
import videosJson from '../../../data/demo/videos.json' with { type: 'json' };
import categoriesJson from '../../../data/club/video-categories.json' with { type: 'json' };
import packagesJson from '../../../data/demo/packages.json' with { type: 'json' };
import streamsJson from '../../../data/demo/streams.json' with { type: 'json' };

/**
 * The local demo replay a demo on-demand item plays, by its access rules (its entitlements, sorted
 * and joined with ','): one playback ID per set of rules (scripts/local/streams/catalogue.mjs).
 */
export const DEMO_REPLAY_PLAYBACK_IDS: Readonly<Record<string, string>> = Object.freeze({
  '?': 'DemoReplayFree01',
  '*': 'DemoReplayMember01',
  'subscription-video': 'DemoReplay01',
});

/** Content the catalogue refuses: playback IDs shared across access rules, demo items with no demo replay. */
export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

/** An asset's access rules as one comparable text: entitlements and allowed countries, each sorted. */
function accessRulesOf(entitlements: readonly string[], allowedCountries: readonly string[] | null): string {
  const countries = allowedCountries ? [...new Set(allowedCountries.map((code) => code.toUpperCase()))].sort().join(',') : 'default';
  return `entitlements [${[...new Set(entitlements)].sort().join(', ')}], countries ${countries}`;
}

/** A video item (spec §3), the fields the API reads; the rest pass through. */
const videoItemSchema = z.looseObject({
  metaData: z.looseObject({ title: z.string(), SysEntryEntitlements: z.array(z.string()), category: z.string() }),
  mediaData: z.looseObject({ entryId: z.string().min(1), playbackId: z.string().regex(PLAYBACK_ID_PATTERN).optional() }),
  publicationData: z.looseObject({ createdAt: z.string(), releaseFrom: z.string() }),
  demo: z.boolean().optional(),
});

const categorySchema = z.looseObject({ slug: z.string().min(1), attributes: z.looseObject({ orderPosition: z.number() }) });

const packageSchema = z.looseObject({ id: z.string().min(1), mode: z.enum(['subscription', 'match-pass']), attributes: z.looseObject({}) });

/** Stream asset status (Mux's live stream statuses; idle and disabled mean offline, spec §3). */
export const STREAM_STATUSES = ['active', 'ready', 'idle', 'disabled'] as const;

/** A stream asset (spec §3 data.attributes) with our access data. */
const streamAssetSchema = z.object({
  id: z.string().min(1),
  attributes: z.object({
    title: z.string(),
    description: z.string(),
    mediaType: z.enum(['live-stream', 'live-audio']),
    /** The fixture it shows (spec §3 match id), when it is one match's stream (a match pass's). */
    matchID: z.string().optional(),
    imageData: z.object({ offlineImageKey: z.string(), posterImageKey: z.string() }),
    assetData: z.object({
      playbackIds: z.array(z.object({ id: z.string().regex(PLAYBACK_ID_PATTERN), policy: z.string() })).min(1),
      status: z.enum(STREAM_STATUSES),
      /** Encrypted (DRM): the session check adds licence URLs. */
      drm: z.boolean().default(false),
    }),
    accessData: z.object({
      entitlements: z.array(z.string()),
      /** ISO 3166-1 alpha-2 codes allowed to play; null or absent: the configured default. */
      allowedCountries: z
        .array(z.string().regex(/^[A-Za-z]{2}$/))
        .nullable()
        .default(null),
    }),
  }),
  demo: z.boolean().optional(),
});

/** A stream asset as GET /api/video/streams/{assetId} answers it. */
export type StreamAsset = z.output<typeof streamAssetSchema>;

/** What the catalogue is made from (arrays as in data/). */
export interface CatalogueContent {
  videos: unknown;
  categories: unknown;
  packages: unknown;
  streams: unknown;
}

/** The embedded dataset (data/), imported so that bundles carry it. */
export const embeddedCatalogueContent: CatalogueContent = { videos: videosJson, categories: categoriesJson, packages: packagesJson, streams: streamsJson };

/** Something the session check can play. */
export interface PlayableAsset {
  /** The video's entryId or the stream asset's id (bound into tokens as asset_id). */
  assetId: string;
  mediaType: StreamMediaType;
  playbackId: string;
  entitlements: readonly string[];
  status: (typeof STREAM_STATUSES)[number];
  allowedCountries: readonly string[] | null;
  /** Encrypted: licence URLs are given. */
  drm: boolean;
  title: string;
}

/** Package types of GET /api/video/packages?filter.packageType= (spec §7). */
export const PACKAGE_TYPES = ['match-pass', 'membership'] as const;

/** One page of a feed section (spec §7 sections[0].itemData). */
export interface FeedSections {
  sections: { section: string; pageIndex: number; pageSize: number; totalItems: number; itemData: unknown[] }[];
}

/** The catalogue. */
export interface VideoCatalogue {
  /** What `videoID` plays as `mediaType`, or null when unknown (or the media type does not match). */
  playable(videoID: string, mediaType: StreamMediaType): PlayableAsset | null;
  /** Feed names GET /api/video/feed/{feed}/sections answers. */
  readonly feeds: readonly string[];
  /**
   * A page of a feed's section: the videos of category `section` (all videos when empty), newest
   * release first, released by `now`; null for an unknown feed.
   */
  feedSections(feed: string, query: { section?: string; pageIndex: number; pageSize: number; now: Date }): FeedSections | null;
  /** Categories sorted by attributes.orderPosition: [{ id, attributes }]. */
  categories(): { id: string; attributes: Record<string, unknown> }[];
  /** Packages of a type: membership = subscriptions, match-pass = match passes. */
  packages(type: (typeof PACKAGE_TYPES)[number]): unknown[];
  /** A stream asset by id, or null. */
  stream(assetId: string): StreamAsset | null;
}

/** The feed of every video (the only feed of the embedded dataset). */
export const VIDEO_FEED = 'videos';

/**
 * A catalogue over `content` (default: the embedded dataset).
 * @throws ZodError naming the bad item when the content does not parse; CatalogueError naming both
 *   assets when two with different access rules share a playback ID, or naming a demo video whose
 *   access rules have no demo replay
 */
export function createVideoCatalogue(content: CatalogueContent = embeddedCatalogueContent): VideoCatalogue {
  const videos = z.array(videoItemSchema).parse(content.videos);
  const categories = sortCategories(z.array(categorySchema).parse(content.categories));
  const packages = z.array(packageSchema).parse(content.packages);
  const streams = z.array(streamAssetSchema).parse(content.streams);
  const videoById = new Map(videos.map((video) => [video.mediaData.entryId, video]));
  const streamById = new Map(streams.map((stream) => [stream.id, stream]));
  const videoPlaybackId = new Map<string, string>();
  for (const video of videos) {
    const entitlements = video.metaData.SysEntryEntitlements;
    const playbackId = video.mediaData.playbackId ?? (video.demo ? DEMO_REPLAY_PLAYBACK_IDS[[...new Set(entitlements)].sort().join(',')] : undefined);
    if (video.demo && playbackId === undefined) {
      throw new CatalogueError(`Demo video ${video.mediaData.entryId} has no demo replay for its access rules (${accessRulesOf(entitlements, null)})`);
    }
    if (playbackId !== undefined) videoPlaybackId.set(video.mediaData.entryId, playbackId);
  }
  const owners = new Map<string, { asset: string; rules: string }>();
  const claim = (playbackId: string, asset: string, rules: string) => {
    const owner = owners.get(playbackId);
    if (owner && owner.rules !== rules) {
      throw new CatalogueError(
        `Assets with different access rules share the playback ID ${playbackId}: ${owner.asset} (${owner.rules}) and ${asset} (${rules}); give each its own`,
      );
    }
    owners.set(playbackId, { asset, rules });
  };
  for (const [entryId, playbackId] of videoPlaybackId)
    claim(playbackId, `video ${entryId}`, accessRulesOf(videoById.get(entryId)!.metaData.SysEntryEntitlements, null));
  for (const stream of streams) {
    const { assetData, accessData } = stream.attributes;
    for (const { id } of assetData.playbackIds) claim(id, `stream ${stream.id}`, accessRulesOf(accessData.entitlements, accessData.allowedCountries));
  }
  return {
    feeds: [VIDEO_FEED],
    playable(videoID, mediaType) {
      if (mediaType === 'OnDemand') {
        const video = videoById.get(videoID);
        if (!video) return null;
        const playbackId = videoPlaybackId.get(videoID);
        if (!playbackId) return null;
        return {
          assetId: videoID,
          mediaType,
          playbackId,
          entitlements: video.metaData.SysEntryEntitlements,
          status: 'ready',
          allowedCountries: null,
          drm: false,
          title: video.metaData.title,
        };
      }
      const stream = streamById.get(videoID);
      if (!stream) return null;
      const wanted = mediaType === 'LiveAudio' ? 'live-audio' : 'live-stream';
      if (stream.attributes.mediaType !== wanted) return null;
      const { assetData, accessData } = stream.attributes;
      return {
        assetId: stream.id,
        mediaType,
        playbackId: assetData.playbackIds[0]!.id,
        entitlements: accessData.entitlements,
        status: assetData.status,
        allowedCountries: accessData.allowedCountries?.map((code) => code.toUpperCase()) ?? null,
        drm: assetData.drm,
        title: stream.attributes.title,
      };
    },
    feedSections(feed, query) {
      if (feed !== VIDEO_FEED) return null;
      const released = videos.filter((video) => Date.parse(video.publicationData.releaseFrom) <= query.now.getTime());
      const section = query.section ?? '';
      const inSection = section === '' ? released : released.filter((video) => video.metaData.category === section);
      // sectionFeedPage sorts newest first and pages; with no section every video is its own 'section'.
      const keyed = section === '' ? inSection.map((video) => ({ ...video, metaData: { ...video.metaData, category: '' } })) : inSection;
      const page = sectionFeedPage(keyed, section, query.pageIndex, query.pageSize);
      const itemData = section === '' ? page.map((item) => videoById.get(item.mediaData.entryId)!) : page;
      return {
        sections: [
          {
            section,
            pageIndex: query.pageIndex,
            pageSize: query.pageSize,
            totalItems: inSection.length,
            itemData: itemData.map(({ demo: _demo, ...item }) => item),
          },
        ],
      };
    },
    categories() {
      return categories.map(({ slug, attributes }) => ({ id: slug, attributes }));
    },
    packages(type) {
      const mode = type === 'membership' ? 'subscription' : 'match-pass';
      return packages.filter((item) => item.mode === mode).map(({ demo: _demo, ...item }) => item);
    },
    stream(assetId) {
      return streamById.get(assetId) ?? null;
    },
  };
}
