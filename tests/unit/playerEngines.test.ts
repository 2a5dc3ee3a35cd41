/**
 * DRM configuration and retry policy of the DRM live player (src/islands/player/engines.ts
 * shakaDrmConfig, shakaRetryParameters), and the bandwidth
 * hls.js starts its choice of rendition from (startBandwidthEstimate).
 */
import { describe, expect, it } from 'vitest';
import { shakaDrmConfig, shakaRetryParameters, startBandwidthEstimate } from '../../src/islands/player/engines';

describe('shakaDrmConfig', () => {
  it('maps each licence URL of the session check to its shaka key system', () => {
    const config = shakaDrmConfig({
      licenceURLs: {
        clearkey: 'http://127.0.0.1:9231/license/clearkey/DemoDrmLive01?token=d1',
        widevine: 'https://license.mux.com/license/widevine/X?token=d2',
        playready: 'https://license.mux.com/license/playready/X?token=d3',
        fairplay: 'https://license.mux.com/license/fairplay/X?token=d4',
      },
      fairplayCertificateURL: 'https://license.mux.com/appcert/fairplay/X?token=d5',
    });
    expect(config.servers).toEqual({
      'org.w3.clearkey': 'http://127.0.0.1:9231/license/clearkey/DemoDrmLive01?token=d1',
      'com.widevine.alpha': 'https://license.mux.com/license/widevine/X?token=d2',
      'com.microsoft.playready': 'https://license.mux.com/license/playready/X?token=d3',
      'com.apple.fps': 'https://license.mux.com/license/fairplay/X?token=d4',
    });
    expect(config.advanced).toEqual({ 'com.apple.fps': { serverCertificateUri: 'https://license.mux.com/appcert/fairplay/X?token=d5' } });
  });
  it('configures only the key systems the answer names', () => {
    expect(shakaDrmConfig({ licenceURLs: { clearkey: 'http://h/license/clearkey/A?token=t' } })).toEqual({
      servers: { 'org.w3.clearkey': 'http://h/license/clearkey/A?token=t' },
      advanced: {},
    });
    expect(shakaDrmConfig({})).toEqual({ servers: {}, advanced: {} });
  });
});

describe('shakaRetryParameters', () => {
  it("tries a live manifest or segment 7 times, 1 s apart, like hls.js's 6 retries (shaka's default: 2 attempts)", () => {
    expect(shakaRetryParameters()).toEqual({ maxAttempts: 7, baseDelay: 1_000, backoffFactor: 1, fuzzFactor: 0.5 });
  });
});

describe('startBandwidthEstimate', () => {
  it("starts from the browser's downlink estimate, in bits per second", () => {
    expect(startBandwidthEstimate(9)).toBe(9_000_000);
    expect(startBandwidthEstimate(1.45)).toBe(1_450_000);
  });
  it("keeps hls.js's own first guess when the browser offers none", () => {
    const fallback = startBandwidthEstimate(undefined);
    expect(fallback).toBe(500_000);
    expect(startBandwidthEstimate(0)).toBe(fallback);
    expect(startBandwidthEstimate(Number.NaN)).toBe(fallback);
  });
});
