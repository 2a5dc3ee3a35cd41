/**
 * The local stream host's fault switch (scripts/local/streams/host.mjs FAULTS_PATH;
 * docs/streams-local.md "Faults"): off by default (the control path is unknown like any other and segments
 * are served whole); with `faults: true`, rules from loopback make a chosen segment answer an HTTP
 * status a number of times or garbage bytes, count their hits, and are cleared by DELETE; bad rules
 * are refused. The player's side of these faults: tests/e2e/faults.spec.ts.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS_PATH, startStreamHost } from '../../scripts/local/streams/host.mjs';
import { streamingConfigFromEnv } from '../../src/streaming/server/streamingConfig';
import { createPlaybackSigner, createPlaybackVerifier } from '../../src/streaming/server/playbackSigner';
import { writeFixtureStreams } from '../support/fixtureStreams';

const PLAYBACK_ID = 'FaultFixture01';
let folder: string;
let token: string;
let plain: Awaited<ReturnType<typeof startStreamHost>>;
let faulty: Awaited<ReturnType<typeof startStreamHost>>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'terrace-faults-host-'));
  writeFixtureStreams(folder, PLAYBACK_ID);
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const config = streamingConfigFromEnv({ PLAYBACK_SIGNING_KEYS: `faults:${Buffer.from(key).toString('base64')}` });
  const signer = createPlaybackSigner({ keys: config.signingKeys, lifetimeSeconds: config.lifetimeSeconds });
  token = (await signer.sign({ playbackId: PLAYBACK_ID, accountId: 'a-1', leaseId: 'l-1', assetId: 'asset-1', audience: 'video' })).token;
  const verifier = createPlaybackVerifier({ keys: config.verifyKeys });
  plain = await startStreamHost({ dir: folder, verifier, quiet: true });
  faulty = await startStreamHost({ dir: folder, verifier, quiet: true, faults: true });
}, 30_000);

afterAll(async () => {
  await plain?.stop();
  await faulty?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const segment = (host: { url: string }, n: number) => fetch(`${host.url}/${PLAYBACK_ID}/v/${n}.m4s?token=${encodeURIComponent(token)}`);
const control = (host: { url: string }, method: string, body?: unknown) =>
  fetch(`${host.url}${FAULTS_PATH}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

describe('the stream host fault switch', () => {
  it('is off by default: the control path is unknown and segments are whole', async () => {
    expect((await control(plain, 'GET')).status).toBe(404);
    expect((await control(plain, 'POST', { playbackId: PLAYBACK_ID, kind: 'status' })).status).toBe(405); // as any unknown POST
    const res = await segment(plain, 2);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('segment 2');
  });

  it('fails a chosen segment with a status a number of times, then serves it; counts hits; DELETE clears', async () => {
    expect((await control(faulty, 'POST', { playbackId: PLAYBACK_ID, segment: 2, kind: 'status', status: 500, count: 2 })).status).toBe(200);
    expect((await segment(faulty, 1)).status).toBe(200);
    expect((await segment(faulty, 2)).status).toBe(500);
    expect((await segment(faulty, 2)).status).toBe(500);
    const third = await segment(faulty, 2);
    expect(third.status).toBe(200);
    expect(await third.text()).toBe('segment 2');
    const listed = (await (await control(faulty, 'GET')).json()) as { rules: { hits: number; remaining: number | null }[] };
    expect(listed.rules).toEqual([expect.objectContaining({ hits: 2, remaining: 0 })]);

    expect((await control(faulty, 'POST', { playbackId: PLAYBACK_ID, segment: 3, kind: 'corrupt' })).status).toBe(200);
    const corrupt = await segment(faulty, 3);
    expect(corrupt.status).toBe(200);
    const bytes = Buffer.from(await corrupt.arrayBuffer());
    expect(bytes.length).toBe('segment 3'.length);
    expect(bytes.toString()).not.toBe('segment 3');
    expect((await segment(faulty, 3)).status).toBe(200); // every request while the rule stands
    expect(Buffer.from(await (await segment(faulty, 3)).arrayBuffer()).toString()).not.toBe('segment 3');

    expect((await control(faulty, 'DELETE')).status).toBe(200);
    expect(await (await segment(faulty, 3)).text()).toBe('segment 3');
  });

  it('refuses bad rules, and still checks the playback token first', async () => {
    expect((await control(faulty, 'POST', { playbackId: PLAYBACK_ID, kind: 'explode' })).status).toBe(400);
    expect((await control(faulty, 'POST', { playbackId: '../etc', kind: 'status' })).status).toBe(400);
    expect((await control(faulty, 'POST', { playbackId: PLAYBACK_ID, kind: 'status', status: 200 })).status).toBe(400);
    expect((await control(faulty, 'PUT', {})).status).toBe(405);
    expect((await fetch(`${faulty.url}/${PLAYBACK_ID}/v/1.m4s`)).status).toBe(403);
  });
});
