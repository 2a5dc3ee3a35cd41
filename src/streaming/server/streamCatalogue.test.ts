/**
 * Access rules are per asset, a stream host checks the playback ID (src/streaming/server/
 * streamCatalogue.ts; docs/reliability.md "Security review"): two assets with different access rules
 * never share a playback ID — the catalogue refuses it when it is made, naming both — and every
 * playback ID the embedded catalogue hands out is one the local generator makes.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_STREAMS } from '../../../scripts/local/streams/catalogue.mjs';
import { STREAM_MEDIA_TYPES } from '../rules/streamAccess';
import { CatalogueError, createVideoCatalogue, embeddedCatalogueContent, type CatalogueContent } from './streamCatalogue';

const video = (entryId: string, entitlements: string[], extra: { playbackId?: string; demo?: boolean } = {}) => ({
  metaData: { title: entryId, SysEntryEntitlements: entitlements, category: 'highlights' },
  mediaData: { entryId, ...(extra.playbackId ? { playbackId: extra.playbackId } : {}) },
  publicationData: { createdAt: '2026-08-01T00:00:00Z', releaseFrom: '2026-08-01T00:00:00Z' },
  ...(extra.demo ? { demo: true } : {}),
});

const stream = (id: string, playbackId: string, entitlements: string[], allowedCountries: string[] | null = null) => ({
  id,
  attributes: {
    title: id,
    description: id,
    mediaType: 'live-stream',
    imageData: { offlineImageKey: 'x', posterImageKey: 'x' },
    assetData: { playbackIds: [{ id: playbackId, policy: 'signed' }], status: 'active' },
    accessData: { entitlements, allowedCountries },
  },
});

const content = (videos: unknown[], streams: unknown[]): CatalogueContent => ({ videos, categories: [], packages: [], streams });

describe('the catalogue refuses a playback ID shared across access rules', () => {
  it('names both videos when a free and a paid video share one', () => {
    const make = () =>
      createVideoCatalogue(
        content([video('0_free', ['?'], { playbackId: 'Shared1' }), video('0_paid', ['subscription-video'], { playbackId: 'Shared1' })], []),
      );
    expect(make).toThrow(CatalogueError);
    expect(make).toThrow(/Shared1: video 0_free \(entitlements \[\?\], countries default\) and video 0_paid \(entitlements \[subscription-video\]/);
  });

  it('names both streams when a country-restricted stream shares one with an unrestricted one', () => {
    const make = () =>
      createVideoCatalogue(
        content([], [stream('live-all', 'Live1', ['subscription-video']), stream('live-uk', 'Live1', ['subscription-video'], ['GB', 'IE'])]),
      );
    expect(make).toThrow(/Live1: stream live-all \(.*countries default\) and stream live-uk \(.*countries GB,IE\)/);
  });

  it('names both when a match pass stream shares one with the subscription stream, and across videos and streams', () => {
    expect(() =>
      createVideoCatalogue(
        content([], [stream('live-sub', 'Drm1', ['subscription-video']), stream('live-pass', 'Drm1', ['subscription-video', 'match-pass-x'])]),
      ),
    ).toThrow(/Drm1: stream live-sub .* and stream live-pass/);
    expect(() =>
      createVideoCatalogue(content([video('0_open', ['?'], { playbackId: 'Mixed1' })], [stream('live-sub', 'Mixed1', ['subscription-video'])])),
    ).toThrow(/Mixed1: video 0_open .* and stream live-sub/);
  });

  it('gives demo videos with different access rules different demo replays', () => {
    const catalogue = createVideoCatalogue(content([video('0_free', ['?'], { demo: true }), video('0_paid', ['subscription-video'], { demo: true })], []));
    expect(catalogue.playable('0_free', 'OnDemand')!.playbackId).not.toBe(catalogue.playable('0_paid', 'OnDemand')!.playbackId);
    expect(() => createVideoCatalogue(content([video('0_pass', ['match-pass-x'], { demo: true })], []))).toThrow(/Demo video 0_pass has no demo replay/);
  });

  it('lets assets with the same access rules share one (entitlement order and case of countries aside)', () => {
    expect(() =>
      createVideoCatalogue(
        content(
          [video('0_a', ['subscription-video', '*'], { playbackId: 'Same1' }), video('0_b', ['*', 'subscription-video'], { playbackId: 'Same1' })],
          [stream('live-a', 'Same2', ['subscription-video'], ['GB', 'IE']), stream('live-b', 'Same2', ['subscription-video'], ['ie', 'gb'])],
        ),
      ),
    ).not.toThrow();
  });
});

describe('the embedded catalogue', () => {
  const catalogue = createVideoCatalogue(embeddedCatalogueContent);
  const videos = embeddedCatalogueContent.videos as { mediaData: { entryId: string } }[];
  const streams = embeddedCatalogueContent.streams as { id: string }[];
  const playable = [...videos.map((v) => v.mediaData.entryId), ...streams.map((s) => s.id)]
    .map((id) => STREAM_MEDIA_TYPES.map((type) => catalogue.playable(id, type)).find((asset) => asset !== null))
    .filter((asset) => asset !== undefined && asset !== null);

  it('gives each set of access rules its own playback IDs', () => {
    expect(playable.length).toBe(videos.length + streams.length);
    const rulesOf = (asset: (typeof playable)[number]) => JSON.stringify([[...asset.entitlements].sort(), asset.allowedCountries]);
    const byPlaybackId = new Map<string, Set<string>>();
    for (const asset of playable) byPlaybackId.set(asset.playbackId, (byPlaybackId.get(asset.playbackId) ?? new Set()).add(rulesOf(asset)));
    for (const [playbackId, rules] of byPlaybackId) expect(rules.size, playbackId).toBe(1);
  });

  it('hands out only playback IDs the local stream generator makes', () => {
    const generated = new Set(DEMO_STREAMS.map((s) => s.playbackId));
    for (const asset of playable) expect(generated.has(asset.playbackId), `${asset.assetId} → ${asset.playbackId}`).toBe(true);
  });
});
