/**
 * Playback tokens refused at the stream host's media (docs/reliability.md): master and media
 * playlists, segments and the ClearKey licence of scripts/local/streams/host.mjs refuse `alg: none`,
 * HS256 with the public key, a day-long lifetime, a foreign or missing `aud` and another asset's
 * token (403 with a reason). Missing, expired, forged and wrong-`sub` tokens: stream-host.test.ts;
 * a leaked token playing until its expiry by design, and the lease check: security-streams.test.ts.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStreams, type StreamsManifest } from '../../scripts/local/streams/generate.mjs';
import { startStreamHost, type StreamHost } from '../../scripts/local/streams/host.mjs';
import { playbackClaims, type PlaybackAudience } from '../../src/streaming/rules/playbackToken';
import { createPlaybackSigner, createPlaybackVerifier, verifyKeysOf, type PlaybackSigningKey } from '../../src/streaming/server/playbackSigner';

const PORT = 4753;
const VOD = 'DemoReplay01';
const LIVE = 'DemoLiveVideo01';
const DRM = 'DemoDrmLive01';
const clock = Date.UTC(2026, 10, 21, 15, 0, 0);
const key: PlaybackSigningKey = { kid: 'test-key', privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
const GRANT = { accountId: 'acc-1', leaseId: 'lease-1', assetId: 'asset-1' };

let host: StreamHost;
let manifest: StreamsManifest;

beforeAll(async () => {
  const generated = await generateStreams({ quiet: true });
  manifest = generated.manifest;
  host = await startStreamHost({
    dir: generated.dir,
    verifier: createPlaybackVerifier({ keys: verifyKeysOf([key]), now: () => new Date(clock) }),
    port: PORT,
    allowedOrigins: ['http://127.0.0.1:4321'],
    now: () => clock,
    quiet: true,
  });
}, 240_000);

afterAll(async () => {
  await host?.stop();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsFor = (playbackId: string, audience: PlaybackAudience) => ({ ...playbackClaims({ playbackId, audience, ...GRANT }, clock / 1000) });
const genuine = async (playbackId: string, audience: PlaybackAudience = 'video') =>
  (await createPlaybackSigner({ keys: [key], now: () => new Date(clock) }).sign({ playbackId, audience, ...GRANT })).token;

/** RS256 with our key and kid over any claims (a signer that forgot the rules). */
const signedWithOurKey = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(key.privateKey);

function hs256WithPublicKey(claims: object): string {
  const secret = verifyKeysOf([key])[0]!.publicKey.export({ type: 'spki', format: 'pem' }) as string;
  const head = `${b64({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const media = (id: string) => [`/${id}.m3u8`, `/${id}/v360.m3u8`, `/${id}/v360/init.mp4`, `/${id}/v360/1.m4s`];
const get = (url: string, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
const kidOf = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
const licence = (playbackId: string, token: string) =>
  get(`${host.url}/license/clearkey/${playbackId}?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kids: [kidOf(manifest.streams[DRM]!.clearKey!.keyId)], type: 'temporary' }),
  });

async function refusedEverywhere(token: string, audience: 'video' | 'licence', reasons: string[]) {
  if (audience === 'video') {
    for (const route of media(VOD)) {
      const res = await get(`${host.url}${route}?token=${encodeURIComponent(token)}`);
      expect(res.status, route).toBe(403);
      expect(reasons, route).toContain(((await res.json()) as { reason: string }).reason);
    }
  } else {
    const res = await licence(DRM, token);
    expect(res.status).toBe(403);
    expect(reasons).toContain(((await res.json()) as { reason: string }).reason);
  }
}

describe('stream host: forged playback tokens', () => {
  it('serves the genuine token (the control)', async () => {
    const token = await genuine(VOD);
    for (const route of media(VOD)) expect((await get(`${host.url}${route}?token=${token}`)).status, route).toBe(200);
    expect((await licence(DRM, await genuine(DRM, 'licence'))).status).toBe(200);
  });

  it('refuses alg none, with or without our kid, for media and licences', async () => {
    for (const [playbackId, audience] of [
      [VOD, 'video'],
      [DRM, 'licence'],
    ] as const) {
      const claims = claimsFor(playbackId, audience);
      await refusedEverywhere(`${b64({ alg: 'none' })}.${b64(claims)}.`, audience, ['bad-algorithm', 'unknown-key', 'malformed']);
      await refusedEverywhere(`${b64({ alg: 'none', kid: key.kid })}.${b64(claims)}.`, audience, ['bad-algorithm']);
    }
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    await refusedEverywhere(hs256WithPublicKey(claimsFor(VOD, 'video')), 'video', ['bad-algorithm']);
    await refusedEverywhere(hs256WithPublicKey(claimsFor(DRM, 'licence')), 'licence', ['bad-algorithm']);
  });

  it('refuses a genuinely signed token that lives a day', async () => {
    const now = Math.floor(clock / 1000);
    await refusedEverywhere(await signedWithOurKey({ ...claimsFor(VOD, 'video'), iat: now, exp: now + 86_400 }), 'video', ['too-long-lived']);
    await refusedEverywhere(await signedWithOurKey({ ...claimsFor(DRM, 'licence'), iat: now, exp: now + 86_400 }), 'licence', ['too-long-lived']);
  });

  it('refuses an audience that is neither v nor d, and a token without one', async () => {
    const thumbnail = await signedWithOurKey({ ...claimsFor(VOD, 'video'), aud: 't' });
    await refusedEverywhere(thumbnail, 'video', ['wrong-audience']);
    const { aud: _aud, ...noAudience } = claimsFor(VOD, 'video');
    await refusedEverywhere(await signedWithOurKey(noAudience), 'video', ['malformed']);
  });

  it("refuses another asset's token carried into this asset's paths", async () => {
    const live = await genuine(LIVE);
    await refusedEverywhere(live, 'video', ['wrong-playback-id']);
    await refusedEverywhere(await genuine(VOD, 'licence'), 'licence', ['wrong-playback-id', 'wrong-audience']);
  });
});
