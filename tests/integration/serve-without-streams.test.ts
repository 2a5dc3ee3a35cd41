/**
 * `npm start` without its stream host says so: scripts/serve.mjs with LOCAL_STREAM_HOST=off prints
 * what is missing and what to do beside its URLs, and the session check of a signed-in subscriber
 * answers 503 streaming_unavailable (the players' connect failure) instead of a manifest URL that
 * nothing serves. A failed generation (no ffmpeg) gives the same, with ffmpeg's own remedy.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStreams } from '../../scripts/local/streams/index.mjs';
import { startServe, type ServeProcess } from '../support/serveProcess';

let server: ServeProcess;
let base: string;

beforeAll(async () => {
  server = await startServe({ LOCAL_STREAM_HOST: 'off' }, '! Videos');
  base = server.base;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('npm start without the stream host', () => {
  it('says at start what is missing, what it breaks and what to do', () => {
    expect(server.output()).toMatch(/Stream host \(playback tokens\)\s+not running \(see below\)/);
    expect(server.output()).toContain(
      '! Videos and live audio will not play: the local stream host is not running: it is turned off (LOCAL_STREAM_HOST=off). Unset LOCAL_STREAM_HOST to serve the demo streams.',
    );
  });

  it("answers a subscriber's session check with 503 streaming_unavailable, not a manifest nobody serves", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'subscriber@terrace.test', password: 'Subscriber-Local-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .join('; ');
    const check = await fetch(`${base}/api/session/check`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { attributes: { videoID: '0_0cgsiva', mediaType: 'OnDemand' } } }),
    });
    expect(check.status).toBe(503);
    expect(((await check.json()) as { error: { code: string } }).error.code).toBe('streaming_unavailable');
  });
});

describe('startLocalStreams when the streams cannot be generated', () => {
  it('starts no host, hands out no signing key and names the remedy (no ffmpeg)', async () => {
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = join(server.folder, 'no-such-ffmpeg');
    try {
      const streams = await startLocalStreams({ stateDir: join(server.folder, 'keys'), streamsDir: join(server.folder, 'streams'), port: 0, quiet: true });
      expect(streams.url).toBeUndefined();
      expect(streams.env).toEqual({});
      expect(streams.problem).toEqual({
        reason: 'ffmpeg not found',
        remedy: 'Run `npm install` (it installs @ffmpeg-installer/ffmpeg) or set FFMPEG_PATH, then restart.',
      });
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });
});
