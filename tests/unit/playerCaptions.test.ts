/**
 * Side-loaded captions (src/islands/player/captions.ts, src/streaming/rules/textTracks.ts): a stream's text
 * renditions become whole-file WebVTT tracks in Mux's URL shape with the playback token, and the
 * local stream host's whole file (scripts/local/streams/playlist.mjs wholeWebVtt) keeps each cue once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captionTracksOf, sideLoadCaptions } from '../../src/islands/player/captions';
import { textTrackIdOf, textTrackUrl } from '../../src/streaming/rules/textTracks';
import { wholeWebVtt } from '../../scripts/local/streams/playlist.mjs';

const MANIFEST = 'http://127.0.0.1:9231/DemoReplay01.m3u8?token=eyJ.a.b';

describe('textTrackUrl', () => {
  it("puts the track beside the manifest, in Mux's shape, with the manifest's token", () => {
    expect(textTrackUrl(MANIFEST, 'captions')).toBe('http://127.0.0.1:9231/DemoReplay01/text/captions.vtt?token=eyJ.a.b');
    expect(textTrackUrl('https://stream.mux.com/P1.m3u8?token=t', 'en')).toBe('https://stream.mux.com/P1/text/en.vtt?token=t');
  });
  it('refuses a manifest URL or a track id of another shape', () => {
    expect(textTrackUrl('https://h/P1.mpd?token=t', 'en')).toBeNull();
    expect(textTrackUrl(MANIFEST, '../secret')).toBeNull();
    expect(textTrackUrl(MANIFEST, '')).toBeNull();
  });
});

describe('textTrackIdOf', () => {
  it("names a text rendition by its playlist's file name", () => {
    expect(textTrackIdOf('http://127.0.0.1:9231/DemoReplay01/captions.m3u8?token=x')).toBe('captions');
    expect(textTrackIdOf('http://h/P/subs_en.m3u8')).toBe('subs_en');
    expect(textTrackIdOf('http://h/P/captions.vtt')).toBeNull();
  });
});

describe('captionTracksOf', () => {
  it('labels each track with its rendition name and language, and leaves out one without a track id', () => {
    const subtitles = [
      { name: 'English', lang: 'en', url: 'http://127.0.0.1:9231/DemoReplay01/captions.m3u8?token=eyJ.a.b' },
      { name: 'Odd', lang: 'fr', url: 'http://127.0.0.1:9231/DemoReplay01/odd.vtt' },
    ];
    expect(captionTracksOf(subtitles, MANIFEST)).toEqual([
      { src: 'http://127.0.0.1:9231/DemoReplay01/text/captions.vtt?token=eyJ.a.b', label: 'English', srclang: 'en' },
    ]);
    expect(captionTracksOf([], MANIFEST)).toEqual([]);
  });
});

describe('wholeWebVtt', () => {
  it('joins the segments under one header, each cue once, in order', () => {
    const cue1 = '00:00:00.000 --> 00:00:03.000 align:center\nCaption 1';
    const cue2 = '00:00:03.000 --> 00:00:06.000 align:center\nCaption 2';
    const cue3 = '00:00:06.000 --> 00:00:09.000\nCaption 3';
    const whole = wholeWebVtt([
      `WEBVTT\n\n${cue1}\n`,
      `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n${cue1}\n\n${cue2}\n`,
      `WEBVTT\r\n\r\n${cue2}\r\n\r\n${cue3}\r\n`,
    ]);
    expect(whole).toBe(`WEBVTT\n\n${cue1}\n\n${cue2}\n\n${cue3}\n`);
  });
});

describe('sideLoadCaptions', () => {
  /** A stand-in <track> element: what sideLoadCaptions sets and reads. */
  interface FakeTrack {
    kind: string;
    label: string;
    srclang: string;
    src: string;
    readyState: number;
    track: { mode: string };
    remove: () => void;
  }
  afterEach(() => vi.unstubAllGlobals());

  function setUp() {
    const appended: FakeTrack[] = [];
    vi.stubGlobal('HTMLTrackElement', { NONE: 0, LOADING: 1, LOADED: 2, ERROR: 3 });
    vi.stubGlobal('document', {
      createElement: () => {
        const track: FakeTrack = {
          kind: '',
          label: '',
          srclang: '',
          src: '',
          readyState: 0,
          track: { mode: 'disabled' },
          remove: () => appended.splice(appended.indexOf(track), 1),
        };
        return track;
      },
    });
    const media = { append: (track: FakeTrack) => appended.push(track) } as unknown as HTMLMediaElement;
    return { appended, media };
  }
  const tracks = [
    { src: 'http://h/P/text/captions.vtt?token=t1', label: 'English', srclang: 'en' },
    { src: 'http://h/P/text/welsh.vtt?token=t1', label: 'Cymraeg', srclang: 'cy' },
  ];

  it('adds a labelled captions track per text rendition and starts loading it (hidden, not shown)', () => {
    const { appended, media } = setUp();
    sideLoadCaptions(media, tracks);
    expect(appended.map((t) => [t.kind, t.label, t.srclang, t.src, t.track.mode])).toEqual([
      ['captions', 'English', 'en', 'http://h/P/text/captions.vtt?token=t1', 'hidden'],
      ['captions', 'Cymraeg', 'cy', 'http://h/P/text/welsh.vtt?token=t1', 'hidden'],
    ]);
  });
  it("gives a heartbeat's fresh token to a track not loaded yet (or refused), never reloads a loaded one", () => {
    const { appended, media } = setUp();
    const captions = sideLoadCaptions(media, tracks);
    appended[0]!.readyState = 2;
    appended[1]!.readyState = 3;
    captions.setToken('t2');
    expect(appended.map((t) => t.src)).toEqual(['http://h/P/text/captions.vtt?token=t1', 'http://h/P/text/welsh.vtt?token=t2']);
    captions.remove();
    expect(appended).toEqual([]);
  });
});
