/**
 * The playback token's claims rule (src/streaming/rules/playbackToken.ts): Mux's claim shape
 * (sub = playback ID, aud letter), our bindings (account, lease, asset), a lifetime no longer than a lease, and
 * Mux-shaped manifest and licence URLs.
 */
import { describe, expect, it } from 'vitest';
import {
  checkPlaybackClaims,
  licenceUrl,
  PLAYBACK_AUDIENCES,
  PLAYBACK_TOKEN_LIFETIME_SECONDS,
  PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS,
  playbackClaims,
  playbackUrl,
  type PlaybackGrant,
} from './playbackToken';
import { STREAM_LEASE_SECONDS } from './streamAccess';

const GRANT: PlaybackGrant = { playbackId: 'DemoReplay01', audience: 'video', accountId: 'acc-1', leaseId: 'lease-1', assetId: 'asset-1' };
const NOW = 1_795_000_000;

describe('playbackClaims', () => {
  it("makes Mux's claims plus our bindings, living a lease's 75 s by default", () => {
    expect(playbackClaims(GRANT, NOW + 0.7)).toEqual({
      sub: 'DemoReplay01',
      aud: 'v',
      iat: NOW,
      exp: NOW + PLAYBACK_TOKEN_LIFETIME_SECONDS,
      account_id: 'acc-1',
      lease_id: 'lease-1',
      asset_id: 'asset-1',
    });
    expect(PLAYBACK_TOKEN_LIFETIME_SECONDS).toBe(STREAM_LEASE_SECONDS);
    expect(PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS).toBe(STREAM_LEASE_SECONDS);
  });

  it("uses Mux's audience letters", () => {
    expect(PLAYBACK_AUDIENCES).toEqual({ video: 'v', thumbnail: 't', gif: 'g', storyboard: 's', licence: 'd' });
    expect(playbackClaims({ ...GRANT, audience: 'licence' }, NOW).aud).toBe('d');
  });

  it('refuses lifetimes longer than a lease (or of seconds) and grants that could not be verified', () => {
    expect(() => playbackClaims(GRANT, NOW, 7 * 24 * 3600)).toThrow(RangeError);
    expect(() => playbackClaims(GRANT, NOW, 59)).toThrow(RangeError);
    expect(() => playbackClaims(GRANT, NOW, 3600)).toThrow(RangeError);
    expect(() => playbackClaims(GRANT, NOW, STREAM_LEASE_SECONDS + 1)).toThrow(RangeError);
    expect(() => playbackClaims(GRANT, NOW, STREAM_LEASE_SECONDS)).not.toThrow();
    expect(() => playbackClaims({ ...GRANT, playbackId: '../etc' }, NOW)).toThrow(RangeError);
    expect(() => playbackClaims({ ...GRANT, accountId: '' }, NOW)).toThrow(RangeError);
    expect(() => playbackClaims({ ...GRANT, leaseId: 'has space' }, NOW)).toThrow(RangeError);
  });
});

describe('checkPlaybackClaims', () => {
  const claims = playbackClaims(GRANT, NOW);
  const expected = { playbackId: 'DemoReplay01', audience: 'video' } as const;

  it('accepts claims granting the playback ID and use asked for', () => {
    expect(checkPlaybackClaims(claims, expected)).toEqual({ ok: true, claims });
    expect(checkPlaybackClaims({ ...claims, extra: 'ignored' }, expected).ok).toBe(true);
  });

  it('refuses another playback ID (sub)', () => {
    expect(checkPlaybackClaims(claims, { ...expected, playbackId: 'DemoLiveVideo01' })).toEqual({ ok: false, reason: 'wrong-playback-id' });
  });

  it('refuses another use (aud): a video token is no licence token and the other way round', () => {
    expect(checkPlaybackClaims(claims, { ...expected, audience: 'licence' })).toEqual({ ok: false, reason: 'wrong-audience' });
    const licence = playbackClaims({ ...GRANT, audience: 'licence' }, NOW);
    expect(checkPlaybackClaims(licence, expected)).toEqual({ ok: false, reason: 'wrong-audience' });
    expect(checkPlaybackClaims({ ...claims, aud: ['v'] }, expected)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a token living longer than a lease, however it was signed', () => {
    expect(checkPlaybackClaims({ ...claims, exp: claims.iat + PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS + 1 }, expected)).toEqual({
      ok: false,
      reason: 'too-long-lived',
    });
    expect(checkPlaybackClaims({ ...claims, exp: claims.iat + PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS }, expected).ok).toBe(true);
  });

  it('refuses claims missing a binding or a time', () => {
    for (const name of ['account_id', 'lease_id', 'asset_id', 'iat', 'exp', 'sub', 'aud'] as const) {
      const { [name]: _dropped, ...rest } = claims;
      expect(checkPlaybackClaims(rest, expected), name).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(checkPlaybackClaims(null, expected)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('compares the bound account, lease and asset when the caller knows them', () => {
    expect(checkPlaybackClaims(claims, { ...expected, accountId: 'acc-1', leaseId: 'lease-1', assetId: 'asset-1' }).ok).toBe(true);
    expect(checkPlaybackClaims(claims, { ...expected, accountId: 'acc-2' })).toEqual({ ok: false, reason: 'wrong-binding' });
    expect(checkPlaybackClaims(claims, { ...expected, leaseId: 'lease-2' })).toEqual({ ok: false, reason: 'wrong-binding' });
    expect(checkPlaybackClaims(claims, { ...expected, assetId: 'asset-2' })).toEqual({ ok: false, reason: 'wrong-binding' });
  });
});

describe('playback and licence URLs', () => {
  it("have Mux's shapes, so production switches by configuration", () => {
    expect(playbackUrl('https://stream.mux.com', 'abc123', 'x.y.z')).toBe('https://stream.mux.com/abc123.m3u8?token=x.y.z');
    expect(playbackUrl('http://127.0.0.1:9231/', 'DemoReplay01', 'a+b')).toBe('http://127.0.0.1:9231/DemoReplay01.m3u8?token=a%2Bb');
    expect(licenceUrl('https://license.mux.com/license', 'widevine', 'abc123', 't')).toBe('https://license.mux.com/license/widevine/abc123?token=t');
    expect(licenceUrl('http://127.0.0.1:9231/license', 'clearkey', 'DemoDrmLive01', 't')).toBe('http://127.0.0.1:9231/license/clearkey/DemoDrmLive01?token=t');
  });

  it('refuse a playback ID that is not one', () => {
    expect(() => playbackUrl('https://stream.mux.com', '../x', 't')).toThrow(RangeError);
    expect(() => licenceUrl('https://license.mux.com/license', 'widevine', 'a/b', 't')).toThrow(RangeError);
  });
});
