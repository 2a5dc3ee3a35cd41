/**
 * /search/videos.json — what the search overlay's Video tab searches (spec §2 Search overlay,
 * §7 video search: title match, release date descending): every video's title, release date
 * ('D MMM YYYY'), duration, search thumbnail (300px wide, spec §9), entitlements for the lock
 * state, the video listing it belongs to, and what the static provider filters on (category,
 * team, season, seconds, release instant; src/lib/videoSearchStatic.ts). Fetched only when someone searches videos.
 */
import type { APIRoute } from 'astro';
import { getVideos } from '../../queries/videos';
import { formatDate, seasonOfDate, seasonSlug } from '../../lib/dates';
import { formatVideoDuration } from '../../lib/duration';
import { imageUrl } from '../../lib/images';
import { videosUrl } from '../../lib/routes';
import { VIDEO_THUMBNAIL_WIDTH_SEARCH } from '../../lib/constants';
import { IMAGE_HANDLER, IMAGE_HOST } from '../../config';
import type { VideoSearchItem } from '../../lib/searchRules';

export const GET: APIRoute = async () => {
  const videos = await getVideos();
  const items: VideoSearchItem[] = videos.map((v) => ({
    id: v.mediaData.entryId,
    title: v.metaData.title,
    date: formatDate(v.publicationData.releaseFrom),
    duration: formatVideoDuration(v.metaData.VideoDuration),
    thumbnail: imageUrl(
      v.mediaData.thumbnailUrl,
      { width: VIDEO_THUMBNAIL_WIDTH_SEARCH, height: Math.round((VIDEO_THUMBNAIL_WIDTH_SEARCH * 9) / 16) },
      { host: IMAGE_HOST, handler: IMAGE_HANDLER },
    ),
    entitlements: v.metaData.SysEntryEntitlements,
    href: `${videosUrl(v.metaData.category)}#video-${v.mediaData.entryId}`,
    category: v.metaData.category,
    team: v.metaData.teamSlug,
    season: seasonSlug(seasonOfDate(v.publicationData.releaseFrom)),
    seconds: v.metaData.VideoDuration,
    releaseFrom: v.publicationData.releaseFrom,
  }));
  return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
