/**
 * Side-loaded captions for the hls.js players (docs/performance.md "Playback"): the stream's
 * WebVTT text renditions, as hls.js reads them from the master playlist, become `<track
 * kind="captions">` elements of the video, each a whole file in Mux's shape carrying the playback
 * token (src/streaming/rules/textTracks.ts). The browser's captions menu lists them by label and language.
 * Each track loads at once (mode 'hidden') so a later-expired token cannot refuse it.
 */
import { withToken } from '../../streaming/rules/tokenSwap';
import { textTrackIdOf, textTrackUrl } from '../../streaming/rules/textTracks';

/** A caption track to side-load: its WebVTT URL (with token), label and BCP 47 language. */
export interface CaptionTrack {
  src: string;
  label: string;
  srclang: string;
}

/** A text rendition of the master playlist, as hls.js's MANIFEST_LOADED hands `subtitles`. */
export interface TextRendition {
  name: string;
  lang?: string;
  url: string;
}

/** The caption tracks of a stream's text renditions (ones whose URL gives no track id are left out). */
export function captionTracksOf(renditions: readonly TextRendition[], manifestURL: string): CaptionTrack[] {
  const tracks: CaptionTrack[] = [];
  for (const rendition of renditions) {
    const trackId = textTrackIdOf(rendition.url);
    const src = trackId === null ? null : textTrackUrl(manifestURL, trackId);
    if (src) tracks.push({ src, label: rendition.name || rendition.lang || 'Captions', srclang: rendition.lang ?? '' });
  }
  return tracks;
}

/** Side-loaded tracks on one media element. */
export interface SideLoadedCaptions {
  /** Uses `token` for tracks not loaded yet. */
  setToken(token: string): void;
  /** Removes the tracks. */
  remove(): void;
}

/** Appends `tracks` to `media` as `<track kind="captions">` elements and starts loading them. */
export function sideLoadCaptions(media: HTMLMediaElement, tracks: readonly CaptionTrack[]): SideLoadedCaptions {
  const elements = tracks.map((track) => {
    const element = document.createElement('track');
    element.kind = 'captions';
    element.label = track.label;
    if (track.srclang) element.srclang = track.srclang;
    element.src = track.src;
    media.append(element);
    element.track.mode = 'hidden';
    return element;
  });
  return {
    setToken(token) {
      for (const element of elements) {
        const src = withToken(element.src, token);
        if (element.readyState !== HTMLTrackElement.LOADED && src !== element.src) element.src = src;
      }
    },
    remove() {
      for (const element of elements) element.remove();
    },
  };
}
