/**
 * The local stream host's playlist helpers (scripts/local/streams/playlist.mjs):
 * parsing shaka-packager's media playlists, carrying the playback token into every URI, and the
 * live window that advances with the wall clock and loops the generated media.
 */
import { describe, expect, it } from 'vitest';
import { liveMediaPlaylist, parseMediaPlaylist, rewriteUris, withToken } from '../../scripts/local/streams/playlist.mjs';

const VOD = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:3
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="audio/init.mp4"
#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="identity"
#EXTINF:2.005,
audio/1.m4s
#EXTINF:1.984,
audio/2.m4s
#EXTINF:2.011,
audio/3.m4s
#EXT-X-ENDLIST
`;

describe('parseMediaPlaylist', () => {
  it('reads target duration, map, key tags and segments', () => {
    expect(parseMediaPlaylist(VOD)).toEqual({
      targetDuration: 3,
      map: 'audio/init.mp4',
      keyTags: ['#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="identity"'],
      segments: [
        { duration: 2.005, uri: 'audio/1.m4s' },
        { duration: 1.984, uri: 'audio/2.m4s' },
        { duration: 2.011, uri: 'audio/3.m4s' },
      ],
      ended: true,
    });
  });

  it('refuses what is not a playlist, or a segment without a duration', () => {
    expect(() => parseMediaPlaylist('hello')).toThrow(/EXTM3U/);
    expect(() => parseMediaPlaylist('#EXTM3U\na.m4s\n')).toThrow(/EXTINF/);
  });
});

describe('withToken and rewriteUris', () => {
  it('puts the token in the query, replacing one already there', () => {
    expect(withToken('v360.m3u8', 'a.b.c')).toBe('v360.m3u8?token=a.b.c');
    expect(withToken('x/1.m4s?foo=1&token=old', 'new')).toBe('x/1.m4s?foo=1&token=new');
    expect(withToken('x/1.m4s#frag', 't')).toBe('x/1.m4s?token=t');
  });

  it('rewrites segment lines and URI attributes, not data: URIs or other tags', () => {
    const out = rewriteUris(VOD, (uri) => withToken(uri, 'T'));
    expect(out).toContain('#EXT-X-MAP:URI="audio/init.mp4?token=T"');
    expect(out).toContain('\naudio/2.m4s?token=T\n');
    expect(out).toContain('URI="data:text/plain;base64,AAAA"');
    expect(out).toContain('#EXTINF:1.984,\n');
    const master = '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,URI="audio.m3u8",GROUP-ID="audio"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv360.m3u8\n';
    expect(rewriteUris(master, (uri) => `P/${uri}`)).toBe(
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,URI="P/audio.m3u8",GROUP-ID="audio"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nP/v360.m3u8\n',
    );
  });
});

describe('liveMediaPlaylist', () => {
  const playlist = parseMediaPlaylist(VOD);
  const live = (nowMs: number, windowSegments = 4) =>
    liveMediaPlaylist({ playlist, nowMs, segmentSeconds: 2, windowSegments, segmentUri: (seq, index) => `audio/${seq}.m4s#${index}`, keyTags: [] });

  it('holds the last complete segments at the wall clock, looping the generated ones', () => {
    // At 100.5 s segment 50 (100-102 s) is still being made: the window ends at 49.
    const { text, firstSeq, lastSeq } = live(100_500);
    expect([firstSeq, lastSeq]).toEqual([46, 49]);
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:46\n');
    expect(text).not.toContain('ENDLIST');
    expect(text).not.toContain('PLAYLIST-TYPE');
    expect(text).toContain('#EXT-X-MAP:URI="audio/init.mp4"');
    // 46 % 3 = 1, so generated segments 1, 2, 0, 1 with their own durations.
    const segments = text.split('\n').filter((line) => line.startsWith('audio/'));
    expect(segments).toEqual(['audio/46.m4s#1', 'audio/47.m4s#2', 'audio/48.m4s#0', 'audio/49.m4s#1']);
    expect(text).toContain('#EXTINF:1.984,\naudio/46.m4s#1');
  });

  it('advances with time', () => {
    expect(live(102_000).firstSeq).toBe(47);
    expect(live(103_999).lastSeq).toBe(50);
    expect(live(104_000).lastSeq).toBe(51);
  });

  it('marks each pass through the loop as a discontinuity, counted from the first segment', () => {
    const { text } = live(100_500);
    // Segment 46 is in pass 15 (46 / 3); 48 starts pass 16.
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:15\n');
    expect(text).toContain('#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:01:36.000Z\n#EXTINF:2.005,\naudio/48.m4s#0');
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    // A window that starts a pass needs no tag before its first segment.
    const atStart = live(106_000, 2);
    expect(atStart.firstSeq).toBe(51);
    expect(atStart.text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:17\n');
    expect(atStart.text).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('dates the window in wall time and keeps the target duration above every segment', () => {
    const { text } = live(100_500);
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:1970-01-01T00:01:32.000Z\n#EXTINF:1.984,\naudio/46.m4s#1');
    expect(text).toContain('#EXT-X-TARGETDURATION:3\n');
  });
});
