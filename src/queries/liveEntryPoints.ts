/**
 * What the live entry points show, at any instant (src/lib/liveStreams): the live video and live
 * audio streams with the windows they are live in, and the offline card of the stream that would
 * play with the spans in which each kick-off is the next. The page renders both states and the
 * inline gate (src/lib/liveSlot) picks one at the site's clock. A stream asset with a matchID shows
 * that match; one without is the club channel, showing the First Team's matches. With a matchID,
 * that fixture's own streams when it has any, else the club channel's. Matches of a season in
 * pre-season (spec §4) are not out yet, so they are not a next kick-off. Read at the build's clock:
 * the stream's status (spec §3), which windows are over, and how far ahead kick-offs are named.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { LAST_INSTANT_MS, nextKickOffSpans, streamLiveWindows } from '../lib/liveStreams';
import type { ShowWindow } from '../lib/liveSlot';
import { inPreseason } from '../lib/preseason';
import { getAsOf, getPreseason } from './clock';

type Asset = CollectionEntry<'streams'>['data'];
type Match = CollectionEntry<'matches'>['data'];

/**
 * How far after the build's clock the offline card names next kick-offs (days). Each is a paragraph
 * of about 290 bytes: the 44 First Team kick-offs left at the dataset's clock would add 12.5 KB to a
 * page; 28 days hold at most 7 (2 KB). From just after the last kick-off within it the card reads
 * 'The next kick-off will be announced soon.' until the next build, as after the season's last.
 */
const NEXT_KICK_OFF_HORIZON_DAYS = 28;
const DAY_MS = 86_400_000;

/** A stream and the instants it is live in from the build's clock on (src/lib/liveStreams streamLiveWindows; never empty). */
export interface LiveStream {
  asset: Asset;
  windows: ShowWindow[];
}

/** A match the offline card names as the next kick-off, and the instants [fromMs, untilMs) it is the next one. */
export interface NextKickOffSpan extends ShowWindow {
  match: Match;
}

/** The entry points' view of a fixture's or the club channel's streams. */
export interface LiveEntry {
  /** The DRM live video stream 'Watch live' opens: the first of the scope on air with a kick-off, if any. */
  video: LiveStream | undefined;
  /** The live audio stream 'Live Audio' opens: the first of the scope on air with a kick-off, if any. */
  audio: LiveStream | undefined;
  /**
   * While neither is live: the offline image and title of the scope's first DRM live video stream,
   * the next kick-offs it shows within the horizon (in order) and the instants after the last
   * (`announcedAt`); undefined when the scope has no DRM live video stream.
   */
  offline: { imageKey: string; title: string; next: NextKickOffSpan[]; announcedAt: ShowWindow } | undefined;
  /** The entitlements of the live video stream (`video`, else the offline card's); [] when there is none. */
  entitlements: readonly string[];
  /** Whether the streams are the fixture's own (false: the club channel's, or none). */
  own: boolean;
}

/** The streams of `matchID` (its own, else the club channel's) with their live windows (see the file header). */
export async function getLiveEntry(matchID?: string): Promise<LiveEntry> {
  const [assets, allMatches, asOf, preseason] = await Promise.all([
    getCollection('streams').then((all) => all.map((e) => e.data)),
    getCollection('matches').then((all) => all.map((e) => e.data)),
    getAsOf(),
    getPreseason(),
  ]);
  // Fixtures not out yet (pre-season, spec §4) are not shown anywhere, nor here.
  const matches = allMatches.filter((m) => !inPreseason(preseason, m));
  const byID = new Map(matches.map((m) => [m.matchID, m]));
  const shownMatches = (a: Asset): Match[] => {
    if (a.attributes.matchID) {
      const own = byID.get(a.attributes.matchID);
      return own ? [own] : [];
    }
    return matches.filter((m) => m.teamSlug === '');
  };
  const forMatch = matchID ? assets.filter((a) => a.attributes.matchID === matchID) : [];
  const streams = forMatch.length > 0 ? forMatch : assets.filter((a) => !a.attributes.matchID);
  const own = forMatch.length > 0;
  const isVideo = (a: Asset) => a.attributes.mediaType === 'live-stream' && a.attributes.assetData.drm;
  const now = Date.parse(asOf);
  // The streams of one scope show the same matches, so their windows are equal or (off air) none:
  // the first with windows is the one live at every instant any is. Windows over before the
  // build's clock are left out: the page describes the time from it on.
  const windowsOf = (a: Asset): ShowWindow[] =>
    streamLiveWindows({ status: a.attributes.assetData.status, kickOffs: shownMatches(a).map((m) => m.kickOff) }).filter((w) => w.untilMs > now);
  const firstLive = (kind: (a: Asset) => boolean): LiveStream | undefined =>
    streams
      .filter(kind)
      .map((asset) => ({ asset, windows: windowsOf(asset) }))
      .find((s) => s.windows.length > 0);
  const video = firstLive(isVideo);
  const audio = firstLive((a) => a.attributes.mediaType === 'live-audio');
  const channel = streams.find(isVideo);
  const entitlements = (video?.asset ?? channel)?.attributes.accessData.entitlements ?? [];
  if (!channel) return { video, audio, offline: undefined, entitlements, own };
  const horizon = now + NEXT_KICK_OFF_HORIZON_DAYS * DAY_MS;
  const shown = shownMatches(channel).filter((m) => m.status !== 'postponed' && m.status !== 'cancelled' && Date.parse(m.kickOff) <= horizon);
  const { spans, noneFromMs } = nextKickOffSpans(
    shown.map((m) => m.kickOff),
    now,
  );
  const next = spans.flatMap(({ kickOff, fromMs, untilMs }) => {
    const match = shown.find((m) => m.kickOff === kickOff);
    return match ? [{ match, fromMs, untilMs }] : [];
  });
  return {
    video,
    audio,
    entitlements,
    own,
    offline: {
      imageKey: channel.attributes.imageData.offlineImageKey,
      title: channel.attributes.title,
      next,
      announcedAt: { fromMs: noneFromMs, untilMs: LAST_INSTANT_MS },
    },
  };
}
