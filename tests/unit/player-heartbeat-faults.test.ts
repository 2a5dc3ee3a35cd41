/**
 * A failed heartbeat never stops playback (ARCHITECTURE "A stream already playing
 * keeps playing until its token expires"): src/islands/player/playback.ts keepLease, given the
 * answers the platform API gives while the database is down (503 service_unavailable with
 * Retry-After), while the identity provider cannot verify (503 identity_unavailable), when the
 * network drops (status 0) or a session lapsed (401), neither stops the player nor releases the
 * lease; it keeps beating, and the next good answer hands the engine fresh tokens. Only an answer
 * `continue: false` stops it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const grant = {
  token: 't0',
  bypassed: false,
  playbackID: 'DemoReplay01',
  manifestURL: 'http://127.0.0.1:9231/DemoReplay01.m3u8?token=t0',
  leaseID: '6f0c2d0e-0000-4000-8000-000000000001',
  heartbeatSeconds: 30 as const,
  expiresAt: '2026-11-23T04:00:00.000Z',
};

type Answer = Awaited<ReturnType<typeof import('../../src/streaming/browser/streamingClient').heartbeat>>;
const answers: Answer[] = [];
const heartbeat = vi.fn(async (): Promise<Answer> => answers.shift() ?? { ok: false, status: 0, code: 'network_error' });
const releaseLease = vi.fn(async () => ({ ok: true as const }));
vi.mock('../../src/streaming/browser/streamingClient', () => ({ checkSession: vi.fn(), releaseLease, heartbeat }));

const { keepLease } = await import('../../src/islands/player/playback');

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
  heartbeat.mockClear();
  releaseLease.mockClear();
  answers.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('keepLease under faults', () => {
  it('keeps playing through 503s, a network drop and a 401, and takes the next fresh token', async () => {
    answers.push(
      { ok: false, status: 503, code: 'service_unavailable' },
      { ok: false, status: 503, code: 'identity_unavailable' },
      { ok: false, status: 0, code: 'network_error' },
      { ok: false, status: 401, code: 'token_expired' },
      { ok: false, status: 500, code: 'internal_error' },
      {
        ok: true,
        heartbeat: { continue: true, token: 't1', manifestURL: 'http://127.0.0.1:9231/DemoReplay01.m3u8?token=t1', expiresAt: '2026-11-23T04:10:00.000Z' },
      },
    );
    const onTokens = vi.fn();
    const onStop = vi.fn();
    const stop = keepLease(grant, 'OnDemand', { onTokens, onStop });
    await vi.advanceTimersByTimeAsync(5 * 30_000);
    expect(heartbeat).toHaveBeenCalledTimes(5);
    expect(onStop).not.toHaveBeenCalled();
    expect(onTokens).not.toHaveBeenCalled();
    expect(releaseLease).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onTokens).toHaveBeenCalledWith({ token: 't1', licenceURLs: undefined });
    expect(onStop).not.toHaveBeenCalled();
    stop();
    expect(releaseLease).toHaveBeenCalledTimes(1);
  });

  it('stops only when the API says stop', async () => {
    answers.push(
      { ok: false, status: 503, code: 'service_unavailable' },
      { ok: true, heartbeat: { continue: false, reason: 'revoked', code: 'ERR_3684853_3' } },
    );
    const onStop = vi.fn();
    keepLease(grant, 'OnDemand', { onTokens: vi.fn(), onStop });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(releaseLease).toHaveBeenCalledTimes(1);
  });
});
