/**
 * Side-loaded captions (src/islands/player/captions.ts, src/lib/textTracks.ts): a stream's text
 * renditions become whole-file WebVTT tracks in Mux's URL shape with the playback token, and the
 * local stream host's whole file (scripts/local/streams/playlist.mjs wholeWebVtt) keeps each cue once.
 */
import { describe, expect, it } from 'vitest';
import { captionTracksOf } from '../../src/islands/player/captions';
import { textTrackIdOf, textTrackUrl } from '../../src/lib/textTracks';
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
