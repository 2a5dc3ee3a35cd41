/**
 * What a video card or search result hands the player overlay (spec §3 Video player state:
 * mediaType, currentVideoID, currentVideoName, currentSection): read from the element's
 * data-video-id, data-media-type, data-video-title and data-section attributes
 * (src/components/VideoCard.astro, src/islands/search/VideoResults.tsx). Checked by hand, not with
 * zod: this runs in the page's first script, where zod's bytes would cost more than the check.
 */

/** Media types a card can open (spec §3 Video player state). */
export const VIDEO_MEDIA_TYPES = ['OnDemand', 'DrmLiveVideo'] as const;
export type VideoMediaType = (typeof VIDEO_MEDIA_TYPES)[number];

/** The request to open a video: id (mediaData.entryId), media type, title and sidebar section ('' for none). */
export interface VideoOpenRequest {
  videoID: string;
  mediaType: VideoMediaType;
  title: string;
  section: string;
}

const isMediaType = (value: string | undefined): value is VideoMediaType => VIDEO_MEDIA_TYPES.some((t) => t === value);

/**
 * The open request from an element's dataset (videoId, mediaType, videoTitle, section), or null
 * when the id or title is missing or the media type unknown (the link then navigates as usual).
 */
export function videoOpenRequest(data: Readonly<Record<string, string | undefined>>): VideoOpenRequest | null {
  const { videoId, mediaType, videoTitle, section } = data;
  if (!videoId || !videoTitle || !isMediaType(mediaType)) return null;
  return { videoID: videoId, mediaType, title: videoTitle, section: section ?? '' };
}
