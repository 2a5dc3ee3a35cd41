/**
 * The session check started at the click (src/islands/player/playback.ts prefetchSession /
 * claimSession): the player claims the prefetched check instead of asking again, waits out the
 * player load delay (100 ms, spec §9) counted from the click, and a check nobody claims releases
 * its lease after UNCLAIMED_GRANT_MS so it never holds a place of the concurrency limit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const grant = {
  token: 't',
  bypassed: false,
  playbackID: 'DemoReplay01',
  manifestURL: 'http://127.0.0.1:9231/DemoReplay01.m3u8?token=t',
  leaseID: '6f0c2d0e-0000-4000-8000-000000000000',
  heartbeatSeconds: 30 as const,
  expiresAt: '2026-11-23T04:00:00.000Z',
};

const checkSession = vi.fn(async () => ({ ok: true as const, session: grant }));
const releaseLease = vi.fn(async () => ({ ok: true }));
vi.mock('../../src/streaming/browser/streamingClient', () => ({ checkSession, releaseLease, heartbeat: vi.fn() }));

const { claimSession, prefetchSession, takePreparedEngine, UNCLAIMED_GRANT_MS } = await import('../../src/islands/player/playback');

/** A prepared engine whose destroy the tests watch. */
function preparedEngine() {
  return { attach: vi.fn(), destroy: vi.fn() };
}

beforeEach(() => {
  vi.useFakeTimers();
  checkSession.mockClear();
  releaseLease.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('prefetchSession and claimSession', () => {
  it('the player claims the check started at the click: one session check, not two', async () => {
    prefetchSession('replay-1', 'OnDemand');
    prefetchSession('replay-1', 'OnDemand');
    expect(checkSession).toHaveBeenCalledTimes(1);
    const claimed = claimSession('replay-1', 'OnDemand');
    await vi.advanceTimersByTimeAsync(100);
    await expect(claimed).resolves.toEqual({ ok: true, grant });
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(releaseLease).not.toHaveBeenCalled();
  });

  it('waits out the player load delay counted from the click, not from the claim', async () => {
    prefetchSession('replay-2', 'OnDemand');
    await vi.advanceTimersByTimeAsync(60);
    let settled = false;
    void claimSession('replay-2', 'OnDemand').then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(30);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
  });

  it('asks afresh when nothing was prefetched for that video and media type', async () => {
    prefetchSession('replay-3', 'OnDemand');
    const other = claimSession('replay-3', 'DrmLiveVideo');
    await vi.advanceTimersByTimeAsync(100);
    await other;
    expect(checkSession).toHaveBeenCalledTimes(2);
    expect(checkSession).toHaveBeenLastCalledWith(expect.objectContaining({ videoID: 'replay-3', mediaType: 'DrmLiveVideo' }));
  });

  it('releases the lease of a check nobody claimed', async () => {
    prefetchSession('replay-4', 'LiveAudio');
    await vi.advanceTimersByTimeAsync(UNCLAIMED_GRANT_MS - 1);
    expect(releaseLease).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(releaseLease).toHaveBeenCalledWith(grant.leaseID);
    // Released and forgotten: a later claim asks again.
    void claimSession('replay-4', 'LiveAudio');
    expect(checkSession).toHaveBeenCalledTimes(2);
  });

  it('starts the granted stream at once and hands the engine to the player, once', async () => {
    const engine = preparedEngine();
    const prepare = vi.fn(async () => engine);
    prefetchSession('replay-5', 'OnDemand', prepare);
    await vi.advanceTimersByTimeAsync(0);
    expect(prepare).toHaveBeenCalledWith(grant);
    const claimed = claimSession('replay-5', 'OnDemand');
    await vi.advanceTimersByTimeAsync(100);
    const result = await claimed;
    expect(result.ok && (await takePreparedEngine(result.grant.leaseID))).toBe(engine);
    expect(takePreparedEngine(grant.leaseID)).toBeNull();
    expect(engine.destroy).not.toHaveBeenCalled();
  });

  it('destroys the engine of a check nobody claimed, with its lease', async () => {
    const engine = preparedEngine();
    prefetchSession('replay-6', 'OnDemand', async () => engine);
    await vi.advanceTimersByTimeAsync(UNCLAIMED_GRANT_MS);
    expect(releaseLease).toHaveBeenCalledWith(grant.leaseID);
    expect(engine.destroy).toHaveBeenCalledTimes(1);
  });

  it('prepares nothing for a refused check', async () => {
    checkSession.mockResolvedValueOnce({ ok: false, status: 403, code: 'ERR_3684853_3' } as never);
    const prepare = vi.fn();
    prefetchSession('replay-7', 'OnDemand', prepare);
    await vi.advanceTimersByTimeAsync(0);
    expect(prepare).not.toHaveBeenCalled();
  });
});
