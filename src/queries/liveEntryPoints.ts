/**
 * What the live entry points show at the site's clock (src/lib/liveStreams isStreamLive): the live
 * video and live audio streams on air now, or — when none is — the offline image of the stream
 * that would play and its next kick-off. A stream asset with a matchID shows that match; one
 * without is the club channel, showing the First Team's matches. With a matchID, that fixture's
 * own streams when it has any, else the club channel's. Matches of a season in pre-season (spec §4)
 * are not out yet, so they are not a next kick-off.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { isStreamLive, nextKickOff } from '../lib/liveStreams';
import { inPreseason } from '../lib/preseason';
import { getAsOf, getPreseason } from './clock';

type Asset = CollectionEntry<'streams'>['data'];
type Match = CollectionEntry<'matches'>['data'];

/** The entry points' view of a fixture's or the club channel's streams now. */
export interface LiveNow {
  /** A DRM live video stream live now ('Watch live'), if any. */
  video: Asset | undefined;
  /** A live audio stream live now ('Live Audio'), if any. */
  audio: Asset | undefined;
  /** When nothing is live: the live video stream's offline image key and its next match, if any. */
  offline: { imageKey: string; title: string; next: Match | undefined } | undefined;
  /** The entitlements of the live video stream shown (live, else offline); [] when there is none. */
  entitlements: readonly string[];
  /** Whether the streams are the fixture's own (false: the club channel's, or none). */
  own: boolean;
}

/** The streams of `matchID` (its own, else the club channel's) and whether each is live now (see the file header). */
export async function getLiveNow(matchID?: string): Promise<LiveNow> {
  const [assets, allMatches, asOf, preseason] = await Promise.all([
    getCollection('streams').then((all) => all.map((e) => e.data)),
    getCollection('matches').then((all) => all.map((e) => e.data)),
    getAsOf(),
    getPreseason(),
  ]);
  // Fixtures not out yet (pre-season, spec §4) are not shown anywhere, nor here.
  const matches = allMatches.filter((m) => !inPreseason(preseason, m));
  const now = Date.parse(asOf);
  const byID = new Map(matches.map((m) => [m.matchID, m]));
  const shownMatches = (a: Asset): Match[] => {
    if (a.attributes.matchID) {
      const own = byID.get(a.attributes.matchID);
      return own ? [own] : [];
    }
    return matches.filter((m) => m.teamSlug === '');
  };
  const live = (a: Asset) => isStreamLive({ status: a.attributes.assetData.status, kickOffs: shownMatches(a).map((m) => m.kickOff) }, now);
  const forMatch = matchID ? assets.filter((a) => a.attributes.matchID === matchID) : [];
  const streams = forMatch.length > 0 ? forMatch : assets.filter((a) => !a.attributes.matchID);
  const isVideo = (a: Asset) => a.attributes.mediaType === 'live-stream' && a.attributes.assetData.drm;
  const own = forMatch.length > 0;
  const video = streams.find((a) => isVideo(a) && live(a));
  const audio = streams.find((a) => a.attributes.mediaType === 'live-audio' && live(a));
  const channel = video ?? streams.find(isVideo);
  const entitlements = channel?.attributes.accessData.entitlements ?? [];
  if (video || audio || !channel) return { video, audio, offline: undefined, entitlements, own };
  const shown = shownMatches(channel);
  const nextAt = nextKickOff(
    shown.filter((m) => m.status !== 'postponed' && m.status !== 'cancelled').map((m) => m.kickOff),
    now,
  );
  return {
    video,
    audio,
    entitlements,
    own,
    offline: { imageKey: channel.attributes.imageData.offlineImageKey, title: channel.attributes.title, next: shown.find((m) => m.kickOff === nextAt) },
  };
}
