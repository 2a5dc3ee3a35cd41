/**
 * Whole-file text tracks in Mux's URL shape (docs/streams-local.md "The stream host"): a stream's
 * WebVTT captions as one file, `{hostUrl}/{playbackId}/text/{trackId}.vtt?token={token}`, beside
 * its manifest `{hostUrl}/{playbackId}.m3u8?token={token}` and with the same playback token
 * (aud 'v'). Pure string work, browser-safe.
 */

const TRACK_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MANIFEST = /^(.*\/[A-Za-z0-9]{1,64})\.m3u8(\?[^#]*)?$/;

/**
 * The whole-file WebVTT URL of text track `trackId` of the stream whose manifest URL is
 * `manifestURL` (its query, the token, is kept); null when either is not of that shape.
 * @example textTrackUrl('https://h/P1.m3u8?token=t', 'en') → 'https://h/P1/text/en.vtt?token=t'
 */
export function textTrackUrl(manifestURL: string, trackId: string): string | null {
  const match = MANIFEST.exec(manifestURL);
  if (!match || !TRACK_ID.test(trackId)) return null;
  return `${match[1]}/text/${trackId}.vtt${match[2] ?? ''}`;
}

/**
 * The track id of a text rendition from its media playlist's URL, as the stream host names them:
 * the playlist's file name without `.m3u8` (`…/P1/captions.m3u8?token=…` → 'captions'); null otherwise.
 */
export function textTrackIdOf(playlistURL: string): string | null {
  const name = /\/([^/?#]+)\.m3u8(?:[?#]|$)/.exec(playlistURL)?.[1];
  return name !== undefined && TRACK_ID.test(name) ? name : null;
}
