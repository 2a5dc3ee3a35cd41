/**
 * A tiny stream folder in the generator's layout (scripts/local/streams/generate.mjs), for tests of
 * the local stream host that need no ffmpeg: one VOD stream under `playbackId` with a master
 * playlist, one media playlist `v.m3u8` and three text "segments" `v/1.m4s` … `v/3.m4s` whose bytes
 * are `segment 1` … `segment 3`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes the fixture into `dir` (created if needed); `dir` is then a valid `startStreamHost({ dir })`. */
export function writeFixtureStreams(dir: string, playbackId: string): void {
  mkdirSync(join(dir, playbackId, 'v'), { recursive: true });
  writeFileSync(join(dir, playbackId, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nv.m3u8\n');
  const segments = [1, 2, 3];
  writeFileSync(
    join(dir, playbackId, 'v.m3u8'),
    `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n${segments.map((n) => `#EXTINF:2.0,\nv/${n}.m4s\n`).join('')}#EXT-X-ENDLIST\n`,
  );
  for (const n of segments) writeFileSync(join(dir, playbackId, 'v', `${n}.m4s`), `segment ${n}`);
  const stream = { title: 'fixture', kind: 'vod', master: 'master.m3u8', playlists: ['v.m3u8'], clearKey: null };
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      version: 'fixture',
      generatedAt: '2026-11-20T00:00:00Z',
      segmentSeconds: 2,
      loopSeconds: 6,
      liveWindowSegments: 10,
      streams: { [playbackId]: stream },
    }),
  );
}
