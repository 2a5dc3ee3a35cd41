/**
 * The paid half attacked at the stream host (docs/reliability.md "Security review"): the platform
 * app (tests/support/streamApi.ts) hands out tokens and the local stream host serves the demo
 * streams with the lease check (src/streaming/server/leaseCheck.ts) over the same database and
 * clock. The concurrency limit holds at the media, a token never outlives its lease, a moved lease
 * stops the first asset, an unreachable database leaves a playing stream to its token's expiry, and
 * assets with different access rules never open each other's media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStreams, type StreamsManifest } from '../../scripts/local/streams/generate.mjs';
import { startStreamHost, type StreamHost } from '../../scripts/local/streams/host.mjs';
import { lazyDatabase, type PlatformDatabase } from '../../src/platform/deps';
import { listLiveLeases, openDatabase, type OpenDatabase } from '../../src/platform/storage/platformStorage';
import { createVideoCatalogue, embeddedCatalogueContent } from '../../src/streaming/server/streamCatalogue';
import { createPlaybackLeaseCheck } from '../../src/streaming/server/leaseCheck';
import { attributesOf, IDS, makeAccount, refusalOf, streamHarness } from '../support/streamApi';

type Grant = { token: string; playbackID: string; leaseID: string; expiresAt: string; licenceURLs?: Record<string, string> };

let storage: OpenDatabase;
let db: PlatformDatabase;
let dir: string;
let manifest: StreamsManifest;
const hosts: StreamHost[] = [];

beforeAll(async () => {
  storage = await openDatabase({ dataDir: 'memory://' });
  await storage.migrate();
  db = lazyDatabase(async () => storage);
  ({ dir, manifest } = await generateStreams({ quiet: true }));
}, 240_000);

afterAll(async () => {
  for (const host of hosts) await host.stop();
  await storage?.close();
});

/** The platform (limit 2 unless `env` says otherwise) and a stream host checking its leases (in `leaseDb`, default the platform's). */
async function stack(env: Record<string, string> = {}, leaseDb: () => Promise<OpenDatabase['db']> = async () => storage.db) {
  const h = streamHarness(db, env);
  const unavailable: unknown[] = [];
  const host = await startStreamHost({
    dir,
    verifier: h.verifier,
    port: 0,
    now: () => h.clock.now().getTime(),
    leaseCheck: createPlaybackLeaseCheck({
      db: leaseDb,
      catalogue: createVideoCatalogue(),
      now: h.clock.now,
      onUnavailable: (error) => unavailable.push(error),
    }),
    quiet: true,
  });
  hosts.push(host);
  /** Status and refusal reason of a media request with `token`: the master playlist, or a replay's first segment. */
  const fetchWith = async (playbackId: string, token: string, what: 'master' | 'segment' = 'segment') => {
    const route = what === 'master' ? `/${playbackId}.m3u8` : `/${playbackId}/v360/1.m4s`;
    const res = await fetch(`${host.url}${route}?token=${encodeURIComponent(token)}`, { signal: AbortSignal.timeout(10_000) });
    const reason = res.status === 403 ? ((await res.json()) as { reason: string }).reason : undefined;
    if (res.status !== 403) await res.arrayBuffer();
    return { status: res.status, reason };
  };
  const licence = async (url: string, playbackId: string) => {
    const target = new URL(url);
    const res = await fetch(`${host.url}${target.pathname}${target.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kids: [Buffer.from(manifest.streams[playbackId]!.clearKey!.keyId, 'hex').toString('base64url')], type: 'temporary' }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { reason?: string };
    return { status: res.status, reason: body.reason };
  };
  return { h, host, fetchWith, licence, unavailable };
}

describe('the concurrency limit holds at the stream host', () => {
  it('check → release → check …: many tokens, at most the limit of them fetch segments', async () => {
    const { h, fetchWith } = await stack(); // STREAM_CONCURRENCY_LIMIT 2
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const grants: Grant[] = [];
    for (let i = 0; i < 5; i += 1) {
      const grant = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
      grants.push(grant);
      expect((await h.release(grant.leaseID, fan.sub)).status).toBe(204);
    }
    for (let i = 0; i < 2; i += 1) grants.push(await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub })));
    expect((await refusalOf(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }))).code).toBe('ERR_54648_1');

    const results = await Promise.all(grants.map((grant) => fetchWith(grant.playbackID, grant.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => ({ status: 403, reason: 'lease-ended' })));
    expect(results.slice(5).map((r) => r.status)).toEqual([200, 200]);
    // The master playlist is refused as well, not only segments.
    expect((await fetchWith(grants[0]!.playbackID, grants[0]!.token, 'master')).reason).toBe('lease-ended');
  });

  it('never lets a token outlive its lease: the heartbeat renews both, a lapsed lease plays nothing', async () => {
    const { h, fetchWith } = await stack();
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const grant = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    const [lease] = await listLiveLeases(storage.db, fan.id, h.clock.now());
    expect(new Date(grant.expiresAt).getTime()).toBeLessThanOrEqual(lease!.expiresAt.getTime());
    let token = grant.token;
    for (let i = 0; i < 3; i += 1) {
      h.clock.advance(30);
      const beat = await attributesOf<{ continue: boolean; token: string; expiresAt: string }>(await h.beat(grant.leaseID, fan.sub));
      expect(beat.continue).toBe(true);
      const [renewed] = await listLiveLeases(storage.db, fan.id, h.clock.now());
      expect(new Date(beat.expiresAt).getTime()).toBeLessThanOrEqual(renewed!.expiresAt.getTime());
      token = beat.token;
    }
    // 90 s in: the first token has expired, the heartbeat's plays.
    expect(await fetchWith(grant.playbackID, grant.token)).toEqual({ status: 403, reason: 'expired' });
    expect((await fetchWith(grant.playbackID, token)).status).toBe(200);
    // The heartbeats stop: 76 s later the lease has lapsed and its newest token, within its clock tolerance, plays nothing.
    h.clock.advance(76);
    expect(await fetchWith(grant.playbackID, token)).toEqual({ status: 403, reason: 'lease-ended' });
  });

  it("refuses a lease's token for its first asset once the player moved the lease to another", async () => {
    const { h, fetchWith, licence } = await stack();
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const replay = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    const live = await attributesOf<Grant>(await h.check(IDS.live, 'DrmLiveVideo', { as: fan.sub, leaseID: replay.leaseID }));
    expect(live.leaseID).toBe(replay.leaseID);
    expect(await fetchWith(replay.playbackID, replay.token)).toEqual({ status: 403, reason: 'wrong-asset' });
    expect((await fetchWith(live.playbackID, live.token, 'master')).status).toBe(200);
    expect((await licence(live.licenceURLs!.clearkey!, live.playbackID)).status).toBe(200);
    await h.release(live.leaseID, fan.sub);
    expect(await licence(live.licenceURLs!.clearkey!, live.playbackID)).toEqual({ status: 403, reason: 'lease-ended' });
  });

  it('keeps a stream playing on its token while the database cannot answer the lease check', async () => {
    const { h, fetchWith, unavailable } = await stack({}, () => Promise.reject(new Error('database down')));
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const grant = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect((await fetchWith(grant.playbackID, grant.token)).status).toBe(200);
    expect(unavailable).toHaveLength(1);
    h.clock.advance(81); // the token's own expiry still ends it
    expect(await fetchWith(grant.playbackID, grant.token)).toEqual({ status: 403, reason: 'expired' });
  });
});

describe('the lease check itself (claims as a verified token carries them)', () => {
  it("refuses unknown, other accounts' and signed-out leases that do not match an open asset", async () => {
    const catalogue = createVideoCatalogue();
    const check = createPlaybackLeaseCheck({ db: async () => storage.db, catalogue, now: () => new Date('2026-11-20T15:00:00Z') });
    const open = catalogue.playable(IDS.highlights, 'OnDemand')!;
    const paid = catalogue.playable(IDS.replay, 'OnDemand')!;
    const claims = (sub: string, account: string, lease: string, asset: string) => ({
      sub,
      aud: 'v' as const,
      iat: 1,
      exp: 2,
      account_id: account,
      lease_id: lease,
      asset_id: asset,
    });
    expect(await check(claims(open.playbackId, 'anonymous', `anonymous.OnDemand.${IDS.highlights}`, IDS.highlights))).toBeNull();
    // A signed-out lease on paid content, or naming another asset than the token's, or a playback ID its asset does not play.
    expect(await check(claims(paid.playbackId, 'anonymous', `anonymous.OnDemand.${IDS.replay}`, IDS.replay))).toBe('wrong-asset');
    expect(await check(claims(open.playbackId, 'anonymous', `anonymous.OnDemand.${IDS.replay}`, IDS.highlights))).toBe('wrong-asset');
    expect(await check(claims(paid.playbackId, 'anonymous', `anonymous.OnDemand.${IDS.highlights}`, IDS.highlights))).toBe('wrong-asset');
    // A lease id that is no lease, and a real lease under another account.
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const other = await makeAccount(storage.db);
    expect(await check(claims(paid.playbackId, fan.id, '00000000-0000-4000-8000-000000000000', IDS.replay))).toBe('lease-ended');
    const { h } = await stack();
    const grant = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect(await check(claims(paid.playbackId, fan.id, grant.leaseID, IDS.replay))).toBeNull();
    expect(await check(claims(paid.playbackId, other.id, grant.leaseID, IDS.replay))).toBe('lease-ended');
    expect(await check(claims(open.playbackId, fan.id, grant.leaseID, IDS.replay))).toBe('wrong-asset');
  });
});

describe('assets with different access rules never share a playback ID', () => {
  it("a signed-out token of a free video fetches nothing of a paid video's", async () => {
    const { h, fetchWith } = await stack();
    const free = await attributesOf<Grant>(await h.check(IDS.highlights, 'OnDemand'));
    expect((await fetchWith(free.playbackID, free.token)).status).toBe(200);
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const paid = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect(paid.playbackID).not.toBe(free.playbackID);
    expect(await fetchWith(paid.playbackID, free.token)).toEqual({ status: 403, reason: 'wrong-playback-id' });
    expect(await fetchWith(paid.playbackID, free.token, 'master')).toEqual({ status: 403, reason: 'wrong-playback-id' });
  });

  it("an unrestricted stream's token fetches nothing of the UK/IE-only stream", async () => {
    const { h, fetchWith } = await stack({ STREAM_CONCURRENCY_LIMIT: '5' });
    const fan = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const abroad = { as: fan.sub, country: 'FR' };
    expect((await refusalOf(await h.check(IDS.ukOnly, 'DrmLiveVideo', abroad))).code).toBe('ERR_56882466_2');
    const open = await attributesOf<Grant>(await h.check(IDS.liveClear, 'DrmLiveVideo', abroad));
    const ukOnly = await attributesOf<Grant>(await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'GB' }));
    expect(ukOnly.playbackID).not.toBe(open.playbackID);
    expect((await fetchWith(open.playbackID, open.token, 'master')).status).toBe(200);
    expect(await fetchWith(ukOnly.playbackID, open.token, 'master')).toEqual({ status: 403, reason: 'wrong-playback-id' });
  });

  it("a match pass stream's tokens fetch nothing of the subscription stream, licence included", async () => {
    const { h, fetchWith, licence } = await stack({ STREAM_CONCURRENCY_LIMIT: '5' });
    const passStream = (embeddedCatalogueContent.streams as { id: string; attributes: { matchID?: string; accessData: { entitlements: string[] } } }[]).find(
      (s) => s.attributes.matchID !== undefined,
    )!;
    const pass = passStream.attributes.accessData.entitlements.find((e) => e.startsWith('match-pass-'))!;
    const holder = await makeAccount(storage.db, { entitlements: [pass] });
    expect((await refusalOf(await h.check(IDS.live, 'DrmLiveVideo', { as: holder.sub }))).code).toBe('ERR_3684853_3');
    const match = await attributesOf<Grant>(await h.check(passStream.id, 'DrmLiveVideo', { as: holder.sub }));
    const subscriber = await makeAccount(storage.db, { entitlements: ['subscription-video'] });
    const season = await attributesOf<Grant>(await h.check(IDS.live, 'DrmLiveVideo', { as: subscriber.sub }));
    expect(season.playbackID).not.toBe(match.playbackID);
    expect((await fetchWith(match.playbackID, match.token, 'master')).status).toBe(200);
    expect(await fetchWith(season.playbackID, match.token, 'master')).toEqual({ status: 403, reason: 'wrong-playback-id' });
    const matchLicenceToken = new URL(match.licenceURLs!.clearkey!).searchParams.get('token')!;
    const carried = new URL(season.licenceURLs!.clearkey!);
    carried.searchParams.set('token', matchLicenceToken);
    expect(await licence(carried.href, season.playbackID)).toEqual({ status: 403, reason: 'wrong-playback-id' });
    // Each DRM stream has its own key.
    expect(manifest.streams[season.playbackID]!.clearKey!.keyId).not.toBe(manifest.streams[match.playbackID]!.clearKey!.keyId);
  });
});
