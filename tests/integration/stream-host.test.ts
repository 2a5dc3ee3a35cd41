/**
 * The local streams (ffmpeg + shaka-packager, cached under .terrace/streams/<version>) and the stream
 * host that serves them only with a valid playback token: playlists parse and segments probe, the
 * replay has captions, ClearKey is encrypted without a key in its playlists; everything is refused
 * (403) without a token or with an expired, forged, wrong-`sub` or wrong-`aud` one, and served with
 * a good one (each URI carrying it), the replay's captions also as one WebVTT file; live playlists
 * advance; CORS for the site's origin only.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfprobe } from '../../scripts/local/streams/ffmpeg.mjs';
import { DEMO_STREAMS, LIVE_WINDOW_SEGMENTS, LOOP_SECONDS, SEGMENT_SECONDS } from '../../scripts/local/streams/catalogue.mjs';
import { generateStreams, type StreamsManifest } from '../../scripts/local/streams/generate.mjs';
import { startStreamHost, type StreamHost } from '../../scripts/local/streams/host.mjs';
import { startLocalStreams } from '../../scripts/local/streams/index.mjs';
import { parseMediaPlaylist } from '../../scripts/local/streams/playlist.mjs';
import type { PlaybackAudience } from '../../src/streaming/rules/playbackToken';
import { streamingConfigFromEnv } from '../../src/streaming/server/streamingConfig';
import { createPlaybackSigner, createPlaybackVerifier, verifyKeysOf, type PlaybackSigningKey } from '../../src/streaming/server/playbackSigner';

const run = promisify(execFile);
const SITE = 'http://127.0.0.1:4321';
const VOD = 'DemoReplay01';
const LIVE = 'DemoLiveVideo01';
const AUDIO = 'DemoLiveAudio01';
const DRM = 'DemoDrmLive01';

let dir: string;
let manifest: StreamsManifest;
let host: StreamHost;
let scratch: string;
let clock = Date.UTC(2026, 10, 21, 15, 0, 0);
const key: PlaybackSigningKey = { kid: 'test-key', privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
const forger: PlaybackSigningKey = { kid: 'test-key', privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };

const tokenFor = async (playbackId: string, audience: PlaybackAudience = 'video', options: { signer?: PlaybackSigningKey; at?: number } = {}) =>
  (
    await createPlaybackSigner({ keys: [options.signer ?? key], now: () => new Date(options.at ?? clock) }).sign({
      playbackId,
      audience,
      accountId: 'acc-1',
      leaseId: 'lease-1',
      assetId: 'asset-1',
    })
  ).token;

const get = (url: string, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
const kidOf = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
const licence = (playbackId: string, token: string | undefined, body: unknown) =>
  get(`${host.url}/license/clearkey/${playbackId}${token === undefined ? '' : `?token=${token}`}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Fetches a playlist and returns its absolute URIs (segment lines and URI attributes but data:). */
async function urisOf(url: string): Promise<{ text: string; uris: string[] }> {
  const response = await get(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  const text = await response.text();
  const uris: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (!line.startsWith('#')) uris.push(new URL(line.trim(), url).href);
    for (const match of line.matchAll(/URI="([^"]*)"/g)) if (!match[1]!.startsWith('data:')) uris.push(new URL(match[1]!, url).href);
  }
  return { text, uris };
}

async function ffprobe(...parts: Buffer[]): Promise<{ codec_name: string; width?: number; height?: number }[]> {
  const file = path.join(scratch, `probe-${Math.random().toString(16).slice(2)}.mp4`);
  await writeFile(file, Buffer.concat(parts));
  const { stdout } = await run(resolveFfprobe().path, ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: { codec_name: string; width?: number; height?: number }[] }).streams;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'terrace-streams-'));
  const generated = await generateStreams({ quiet: true });
  ({ dir, manifest } = generated);
  host = await startStreamHost({
    dir,
    verifier: createPlaybackVerifier({ keys: verifyKeysOf([key]), now: () => new Date(clock) }),
    port: 0,
    allowedOrigins: [SITE],
    now: () => clock,
    quiet: true,
  });
}, 240_000);

afterAll(async () => {
  await host?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('generated streams', () => {
  it('has every demo stream, a looping length of whole segments', () => {
    expect(Object.keys(manifest.streams).sort()).toEqual(DEMO_STREAMS.map((stream) => stream.playbackId).sort());
    expect(manifest).toMatchObject({ segmentSeconds: SEGMENT_SECONDS, loopSeconds: LOOP_SECONDS, liveWindowSegments: LIVE_WINDOW_SEGMENTS });
    expect(manifest.streams[VOD]!.kind).toBe('vod');
    expect(manifest.streams[LIVE]!.kind).toBe('live');
    expect(manifest.streams[AUDIO]!.playlists).toEqual(['audio.m3u8']);
    expect(manifest.streams[DRM]!.clearKey?.keyId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('writes media playlists that parse, of LOOP_SECONDS in SEGMENT_SECONDS segments', async () => {
    for (const [id, stream] of Object.entries(manifest.streams)) {
      for (const file of stream.playlists) {
        const playlist = parseMediaPlaylist(await readFile(path.join(dir, id, file), 'utf8'));
        expect(playlist.segments, `${id}/${file}`).toHaveLength(LOOP_SECONDS / SEGMENT_SECONDS);
        expect(playlist.ended).toBe(true);
      }
    }
  });

  it('makes real media: ffprobe reads H.264 at 640x360 and 426x240 and AAC', async () => {
    const read = (id: string, file: string) => readFile(path.join(dir, id, file));
    expect(await ffprobe(await read(VOD, 'v360/init.mp4'), await read(VOD, 'v360/3.m4s'))).toEqual([{ codec_name: 'h264', width: 640, height: 360 }]);
    expect(await ffprobe(await read(LIVE, 'v240/init.mp4'), await read(LIVE, 'v240/1.m4s'))).toEqual([{ codec_name: 'h264', width: 426, height: 240 }]);
    expect(await ffprobe(await read(AUDIO, 'audio/init.mp4'), await read(AUDIO, 'audio/2.m4s'))).toEqual([{ codec_name: 'aac' }]);
  });

  it('gives the replay WebVTT captions covering it', async () => {
    const master = await readFile(path.join(dir, VOD, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,URI="captions.m3u8".*LANGUAGE="en"/);
    expect(master).toMatch(/SUBTITLES="subs"/);
    const first = await readFile(path.join(dir, VOD, 'captions/1.vtt'), 'utf8');
    expect(first.startsWith('WEBVTT')).toBe(true);
    expect(first).toContain('Caption 1 of 8');
    const last = await readFile(path.join(dir, VOD, `captions/${LOOP_SECONDS / SEGMENT_SECONDS}.vtt`), 'utf8');
    expect(last).toContain('Caption 8 of 8');
  });

  it('encrypts the ClearKey stream (CENC with the common-system pssh) and names no key in its playlists', async () => {
    const { keyId } = manifest.streams[DRM]!.clearKey!;
    const init = await readFile(path.join(dir, DRM, 'v360/init.mp4'));
    expect(init.includes(Buffer.from('encv'))).toBe(true);
    expect(init.includes(Buffer.from('tenc'))).toBe(true);
    expect(init.includes(Buffer.from('1077efecc0b24d02ace33c1e52e2fb4b', 'hex'))).toBe(true);
    expect(init.includes(Buffer.from(keyId, 'hex'))).toBe(true);
    for (const file of manifest.streams[DRM]!.playlists) {
      expect(await readFile(path.join(dir, DRM, file), 'utf8')).not.toContain('EXT-X-KEY');
    }
    const clear = await readFile(path.join(dir, LIVE, 'v360/init.mp4'));
    expect(clear.includes(Buffer.from('encv'))).toBe(false);
  });

  it('is generated once: a second call finds it', async () => {
    const again = await generateStreams({ quiet: true });
    expect(again.generated).toBe(false);
    expect(again.dir).toBe(dir);
    expect(again.ms).toBeLessThan(2000);
  });
});

describe('stream host: refusals', () => {
  const paths = (id: string) => [`/${id}.m3u8`, `/${id}/v360.m3u8`, `/${id}/v360/init.mp4`, `/${id}/v360/1.m4s`];

  it('refuses manifests, playlists and segments without a token', async () => {
    for (const route of paths(VOD)) {
      const response = await get(`${host.url}${route}`);
      expect(response.status, route).toBe(403);
      expect(await response.json()).toMatchObject({ reason: 'missing' });
    }
  });

  it('refuses an expired token', async () => {
    const expired = await tokenFor(VOD, 'video', { at: clock - 11 * 60_000 });
    for (const route of paths(VOD)) {
      const response = await get(`${host.url}${route}?token=${expired}`);
      expect(response.status, route).toBe(403);
      expect(await response.json()).toMatchObject({ reason: 'expired' });
    }
  });

  it('refuses a forged token (another key under our kid) and a garbled one', async () => {
    const forged = await tokenFor(VOD, 'video', { signer: forger });
    const good = await tokenFor(VOD);
    for (const route of paths(VOD)) {
      expect((await get(`${host.url}${route}?token=${forged}`)).status, route).toBe(403);
      expect((await get(`${host.url}${route}?token=${good.slice(0, -4)}AAAA`)).status, route).toBe(403);
    }
  });

  it("refuses another stream's token (wrong sub) and a licence token for media (wrong aud)", async () => {
    const other = await tokenFor(LIVE);
    const licenceToken = await tokenFor(VOD, 'licence');
    for (const route of paths(VOD)) {
      const wrongSub = await get(`${host.url}${route}?token=${other}`);
      expect(wrongSub.status, route).toBe(403);
      expect(await wrongSub.json()).toMatchObject({ reason: 'wrong-playback-id' });
      const wrongAud = await get(`${host.url}${route}?token=${licenceToken}`);
      expect(wrongAud.status, route).toBe(403);
      expect(await wrongAud.json()).toMatchObject({ reason: 'wrong-audience' });
    }
  });

  it('refuses licences without a token, with a video token, an expired, forged or wrong-sub one', async () => {
    const kids = { kids: [kidOf(manifest.streams[DRM]!.clearKey!.keyId)], type: 'temporary' };
    expect((await licence(DRM, undefined, kids)).status).toBe(403);
    expect(await (await licence(DRM, await tokenFor(DRM, 'video'), kids)).json()).toMatchObject({ reason: 'wrong-audience' });
    expect(await (await licence(DRM, await tokenFor(DRM, 'licence', { at: clock - 11 * 60_000 }), kids)).json()).toMatchObject({ reason: 'expired' });
    expect((await licence(DRM, await tokenFor(DRM, 'licence', { signer: forger }), kids)).status).toBe(403);
    expect(await (await licence(DRM, await tokenFor(LIVE, 'licence'), kids)).json()).toMatchObject({ reason: 'wrong-playback-id' });
  });

  it('tells nothing about an unknown playback ID without a token for it', async () => {
    expect((await get(`${host.url}/NoSuchStream.m3u8`)).status).toBe(403);
    expect((await get(`${host.url}/NoSuchStream.m3u8?token=${await tokenFor('NoSuchStream')}`)).status).toBe(404);
  });

  it('serves no file the manifest does not list, whatever the path', async () => {
    const token = await tokenFor(VOD);
    for (const route of [`/${VOD}/manifest.json`, `/${VOD}/master.m3u8.bak`, `/${VOD}/v360/99.m4s`, `/${VOD}/captions.m3u8x`, `/${VOD}/.sources/v360.mp4`]) {
      expect((await get(`${host.url}${route}?token=${token}`)).status, route).toBe(404);
    }
    // A raw request keeps the dots that fetch would resolve away.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.get(`${host.url}/${VOD}/../manifest.json?token=${token}`, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    expect(status).toBe(404);
  });
});

describe('stream host: serving', () => {
  it('serves a replay whole with a good token, carrying it into every URI', async () => {
    const token = await tokenFor(VOD);
    const master = await urisOf(`${host.url}/${VOD}.m3u8?token=${token}`);
    expect(master.uris.sort()).toEqual(['audio', 'captions', 'v240', 'v360'].map((name) => `${host.url}/${VOD}/${name}.m3u8?token=${token}`));
    let segments = 0;
    for (const playlistUrl of master.uris) {
      const media = await urisOf(playlistUrl);
      expect(media.text).toContain('#EXT-X-ENDLIST');
      for (const uri of media.uris) {
        expect(new URL(uri).searchParams.get('token'), uri).toBe(token);
        const response = await get(uri);
        expect(response.status, uri).toBe(200);
        const relative = decodeURIComponent(new URL(uri).pathname).slice(`/${VOD}/`.length);
        expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(path.join(dir, VOD, relative))), uri).toBe(true);
        segments += 1;
      }
    }
    // Three media playlists with an init segment and 12 segments each, and 12 caption segments.
    expect(segments).toBe(3 * 13 + 12);
  });

  it("serves a replay's captions as one WebVTT file with its token (Mux's text track URL), and refuses it without", async () => {
    const token = await tokenFor(VOD);
    const url = `${host.url}/${VOD}/text/captions.vtt`;
    const response = await get(`${url}?token=${token}`, { headers: { origin: SITE } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    const text = await response.text();
    expect(text.startsWith('WEBVTT\n\n')).toBe(true);
    const cues = text.match(/^Caption \d of 8/gm) ?? [];
    expect(cues).toEqual(Array.from({ length: 8 }, (_, i) => `Caption ${i + 1} of 8`));
    expect((await get(url)).status).toBe(403);
    expect((await get(`${url}?token=${await tokenFor(LIVE)}`)).status).toBe(403);
    expect((await get(`${host.url}/${VOD}/text/audio.vtt?token=${token}`)).status).toBe(404);
    expect((await get(`${host.url}/${LIVE}/text/captions.vtt?token=${await tokenFor(LIVE)}`)).status).toBe(404);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await get(`${host.url}/${VOD}/v360/2.m4s?token=${await tokenFor(VOD)}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  it('serves live playlists that advance with the clock over the looped segments', async () => {
    const token = await tokenFor(LIVE);
    const url = `${host.url}/${LIVE}/v360.m3u8?token=${token}`;
    const first = await urisOf(url);
    const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
    const latest = Math.floor(clock / 1000 / SEGMENT_SECONDS) - 1;
    expect(sequence(first.text)).toBe(latest - LIVE_WINDOW_SEGMENTS + 1);
    expect(first.text).not.toContain('ENDLIST');
    const segments = first.uris.filter((uri) => uri.includes('.m4s'));
    expect(segments).toHaveLength(LIVE_WINDOW_SEGMENTS);
    const last = segments.at(-1)!;
    expect(new URL(last).pathname).toBe(`/${LIVE}/v360/${latest}.m4s`);
    const body = Buffer.from(await (await get(last)).arrayBuffer());
    const count = LOOP_SECONDS / SEGMENT_SECONDS;
    expect(body.equals(await readFile(path.join(dir, LIVE, `v360/${(latest % count) + 1}.m4s`)))).toBe(true);
    // A segment not made yet, and one long gone, are not there.
    expect((await get(`${host.url}/${LIVE}/v360/${latest + 1}.m4s?token=${token}`)).status).toBe(404);
    expect((await get(`${host.url}/${LIVE}/v360/${latest - LIVE_WINDOW_SEGMENTS - count}.m4s?token=${token}`)).status).toBe(404);
    clock += 3 * SEGMENT_SECONDS * 1000;
    try {
      expect(sequence((await urisOf(url)).text)).toBe(sequence(first.text) + 3);
      expect((await get(`${host.url}/${LIVE}/v360/${latest + 1}.m4s?token=${token}`)).status).toBe(200);
    } finally {
      clock -= 3 * SEGMENT_SECONDS * 1000;
    }
  });

  it('serves live audio', async () => {
    const token = await tokenFor(AUDIO);
    const master = await urisOf(`${host.url}/${AUDIO}.m3u8?token=${token}`);
    expect(master.text).toContain('CODECS="mp4a.40.2"');
    const media = await urisOf(master.uris[0]!);
    expect(media.text).toContain('#EXT-X-MEDIA-SEQUENCE:');
    for (const uri of media.uris) expect((await get(uri)).status, uri).toBe(200);
  });

  it('answers the ClearKey licence in the W3C format for a licence token, and only for its key', async () => {
    const { keyId, key: contentKey } = manifest.streams[DRM]!.clearKey!;
    const token = await tokenFor(DRM, 'licence');
    const response = await licence(DRM, token, { kids: [kidOf(keyId)], type: 'temporary' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: [{ kty: 'oct', kid: kidOf(keyId), k: kidOf(contentKey) }], type: 'temporary' });
    expect((await licence(DRM, token, { kids: [kidOf('00'.repeat(16))], type: 'temporary' })).status).toBe(404);
    expect((await licence(DRM, token, { type: 'temporary' })).status).toBe(400);
    expect((await get(`${host.url}/license/clearkey/${DRM}?token=${token}`, { method: 'POST', body: 'not json' })).status).toBe(400);
    expect((await get(`${host.url}/license/clearkey/${DRM}?token=${token}`)).status).toBe(405);
    expect((await licence(VOD, await tokenFor(VOD, 'licence'), { kids: [kidOf(keyId)] })).status).toBe(404);
    expect((await get(`${host.url}/license/widevine/${DRM}?token=${token}`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('lets the site origin read, and no other', async () => {
    const url = `${host.url}/${VOD}.m3u8?token=${await tokenFor(VOD)}`;
    expect((await get(url, { headers: { Origin: SITE } })).headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await get(url, { headers: { Origin: 'https://evil.example' } })).headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get(`${host.url}/license/clearkey/${DRM}`, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('startLocalStreams', () => {
  it('gives the platform keys whose tokens its host accepts', async () => {
    const stateDir = path.join(scratch, 'state');
    const streams = await startLocalStreams({ stateDir, port: 0, quiet: true });
    try {
      expect(streams.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(streams.env).toMatchObject({ STREAM_HOST_URL: streams.url, STREAM_LICENCE_URL: `${streams.url}/license` });
      const config = streamingConfigFromEnv(streams.env);
      const { token } = await createPlaybackSigner({ keys: config.signingKeys }).sign({
        playbackId: VOD,
        audience: 'video',
        accountId: 'a',
        leaseId: 'l',
        assetId: 's',
      });
      expect((await get(`${config.hostUrl}/${VOD}.m3u8?token=${token}`)).status).toBe(200);
      expect((await get(`${config.hostUrl}/${VOD}.m3u8?token=${await tokenFor(VOD)}`)).status).toBe(403);
      expect(JSON.parse(await readFile(path.join(stateDir, 'keys', 'playback-signing-keys.json'), 'utf8')).keys).toHaveLength(1);
    } finally {
      await streams.stop();
    }
  });
});
