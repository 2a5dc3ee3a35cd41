/**
 * The streaming browser client (src/streaming/browser/streamingClient.ts): paths, bodies and headers it
 * sends, answers read through the contract's zod schemas, failures as { ok: false, status, code },
 * and the sendBeacon release with a text/plain body.
 */
import { describe, expect, it, vi } from 'vitest';
import { checkSession, heartbeat, releaseLease } from './streamingClient';

const grant = {
  token: 't',
  bypassed: false,
  playbackID: 'DemoReplay01',
  manifestURL: 'http://127.0.0.1:9231/DemoReplay01.m3u8?token=t',
  leaseID: '6f0c2d0e-0000-4000-8000-000000000000',
  heartbeatSeconds: 30,
  expiresAt: '2026-11-23T04:00:00.000Z',
};

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));

describe('checkSession', () => {
  it('posts the spec §3 payload as JSON and reads the grant', async () => {
    const fetch = answer(200, { data: { attributes: grant } });
    const result = await checkSession({ videoID: '0_0cgsiva', mediaType: 'OnDemand' }, { fetch });
    expect(result).toEqual({ ok: true, session: grant });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/session/check');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(init.body as string)).toEqual({ data: { attributes: { videoID: '0_0cgsiva', mediaType: 'OnDemand' } } });
  });

  it('reads errors[0].code of a 403, the envelope code otherwise, network errors and bad shapes', async () => {
    const refused = answer(403, { errors: [{ code: 'ERR_54648_1', title: 'x', detail: 'y' }] });
    expect(await checkSession({ videoID: 'v', mediaType: 'DrmLiveVideo' }, { fetch: refused })).toEqual({ ok: false, status: 403, code: 'ERR_54648_1' });
    const envelope = answer(503, { error: { code: 'streaming_unavailable', message: 'm' } });
    expect(await checkSession({ videoID: 'v', mediaType: 'LiveAudio' }, { fetch: envelope })).toEqual({
      ok: false,
      status: 503,
      code: 'streaming_unavailable',
    });
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    });
    expect(await checkSession({ videoID: 'v', mediaType: 'OnDemand' }, { fetch: offline })).toEqual({ ok: false, status: 0, code: 'network_error' });
    const wrong = answer(200, { data: { attributes: { ...grant, heartbeatSeconds: 10 } } });
    expect(await checkSession({ videoID: 'v', mediaType: 'OnDemand' }, { fetch: wrong })).toEqual({ ok: false, status: 200, code: 'invalid_response' });
  });
});

describe('heartbeat and releaseLease', () => {
  it('reads continue and stop answers', async () => {
    const go = answer(200, { data: { attributes: { continue: true, token: 'n', manifestURL: 'm', expiresAt: 'e' } } });
    expect(await heartbeat(grant.leaseID, { fetch: go })).toEqual({ ok: true, heartbeat: { continue: true, token: 'n', manifestURL: 'm', expiresAt: 'e' } });
    const stop = answer(200, { data: { attributes: { continue: false, reason: 'blocked', code: 'ERR_56882466_1' } } });
    expect(await heartbeat(grant.leaseID, { fetch: stop })).toEqual({ ok: true, heartbeat: { continue: false, reason: 'blocked', code: 'ERR_56882466_1' } });
    expect(await heartbeat(grant.leaseID, { fetch: answer(401, { error: { code: 'token_expired', message: 'm' } }) })).toEqual({
      ok: false,
      status: 401,
      code: 'token_expired',
    });
  });

  it('releases with fetch (keepalive) or with sendBeacon and a text/plain body', async () => {
    const fetch = answer(204, null);
    expect(await releaseLease(grant.leaseID, { fetch })).toEqual({ ok: true });
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1]).toMatchObject({ method: 'POST', keepalive: true });
    const sendBeacon = vi.fn((_url: string, _data: BodyInit) => true);
    expect(await releaseLease(grant.leaseID, { beacon: true, sendBeacon })).toEqual({ ok: true });
    const [url, blob] = sendBeacon.mock.calls[0] as [string, Blob];
    expect(url).toBe('/api/session/release');
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect(JSON.parse(await blob.text())).toEqual({ data: { attributes: { leaseID: grant.leaseID } } });
  });
});
