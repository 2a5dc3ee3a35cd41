/**
 * The streaming routes through createPlatformApp on an in-memory PGlite:
 * every session-check code with its spec §8 text, tokens bound to account, lease and asset,
 * country from the runtime's geolocation only (unknown is not GB), bypassed accounts, DRM licence URLs from configuration,
 * leases (limit, live audio not counted, reuse, release by beacon, expiry after 75 s, heartbeat
 * renewal and stop reasons) and twenty simultaneous checks granting exactly the limit; the video
 * catalogue routes (spec §7 shapes).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endSessionsBefore, listLiveLeases, revokeEntitlement, setUserBlocked } from '../../platform/storage/platformStorage';
import { STREAM_COUNTRY_UNKNOWN_DETAIL, STREAM_TEXTS } from '../rules/streamAccess';
import { attributesOf, change, IDS, makeAccount, refusalOf, streamHarness } from '../../../tests/support/streamApi';
import { useMemoryDatabase } from '../../../tests/support/memoryDatabase';

const mem = useMemoryDatabase();

const geo = (code: string) => ({ 'x-nf-geo': Buffer.from(JSON.stringify({ city: 'X', country: { code, name: code } })).toString('base64') });

type Grant = {
  token: string;
  bypassed: boolean;
  playbackID: string;
  manifestURL: string;
  leaseID: string;
  heartbeatSeconds: number;
  expiresAt: string;
  licenceURLs?: Record<string, string>;
  fairplayCertificateURL?: string;
};

describe('POST /api/session/check: the six codes with the texts of spec §8', () => {
  it('refuses a signed-out viewer ERR_3684853_1, but plays content open to everyone (?) on an unstored lease', async () => {
    const h = streamHarness(mem.db);
    const res = await h.check(IDS.replay, 'OnDemand');
    expect(res.status).toBe(403);
    expect(await refusalOf(res)).toEqual({ code: 'ERR_3684853_1', title: 'Login required', detail: 'Please Sign In to access this stream' });
    const open = await h.check(IDS.highlights, 'OnDemand');
    expect(open.status).toBe(200);
    const grant = await attributesOf<Grant>(open);
    expect(grant).toMatchObject({ bypassed: false, playbackID: 'DemoReplayFree01', leaseID: `anonymous.OnDemand.${IDS.highlights}`, heartbeatSeconds: 30 });
    const claims = await h.verifier.verify(grant.token, { playbackId: 'DemoReplayFree01', audience: 'video' });
    expect(claims).toMatchObject({ account_id: 'anonymous', asset_id: IDS.highlights });
    // '*' needs a signed-in viewer.
    expect((await refusalOf(await h.check(IDS.pressConference, 'OnDemand'))).code).toBe('ERR_3684853_1');
  });

  it('refuses ERR_3684853_3 with "no subscriptions" or "not subscribed to this stream"', async () => {
    const h = streamHarness(mem.db);
    const { db: raw } = mem.storage;
    const none = await makeAccount(raw);
    const audioOnly = await makeAccount(raw, { entitlements: ['subscription-audio'] });
    expect(await refusalOf(await h.check(IDS.replay, 'OnDemand', { as: none.sub }))).toEqual({
      code: 'ERR_3684853_3',
      title: 'Not subscribed',
      detail: 'Sorry but you do not have any subscriptions',
    });
    expect((await refusalOf(await h.check(IDS.live, 'DrmLiveVideo', { as: audioOnly.sub }))).detail).toBe('Sorry but you are not subscribed to this stream');
    // '*' admits any signed-in account.
    expect((await h.check(IDS.pressConference, 'OnDemand', { as: none.sub })).status).toBe(200);
    // Live audio admits the audio pass.
    expect((await h.check(IDS.audio, 'LiveAudio', { as: audioOnly.sub })).status).toBe(200);
  });

  it('refuses a blocked account ERR_56882466_1, whatever it holds', async () => {
    const h = streamHarness(mem.db);
    const blocked = await makeAccount(mem.storage.db, { blocked: true, entitlements: ['subscription-video'] });
    expect(await refusalOf(await h.check(IDS.replay, 'OnDemand', { as: blocked.sub }))).toEqual({
      code: 'ERR_56882466_1',
      title: 'Account blocked',
      detail: 'Your account has been blocked by an administrator',
    });
  });

  it('refuses offline (idle), unknown and mismatched streams ERR_3684853_2', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    for (const [id, type] of [
      [IDS.offline, 'DrmLiveVideo'],
      ['no-such-stream', 'DrmLiveVideo'],
      ['0_nosuchvid', 'OnDemand'],
      [IDS.audio, 'DrmLiveVideo'],
      [IDS.replay, 'DrmLiveVideo'],
    ] as const) {
      const res = await h.check(id, type, { as: fan.sub });
      expect(res.status, id).toBe(403);
      expect(await refusalOf(res)).toEqual({ code: 'ERR_3684853_2', title: 'Stream unavailable', detail: 'Sorry but there is an issue with this stream' });
    }
  });

  it('reads the country from the runtime (context.geo binding) only; refuses ERR_56882466_2', async () => {
    const h = streamHarness(mem.db, { STREAM_CONCURRENCY_LIMIT: '10' });
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const abroad = await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'FR' });
    expect(await refusalOf(abroad)).toEqual({ code: 'ERR_56882466_2', title: 'Country not allowed', detail: STREAM_TEXTS.country });
    expect((await refusalOf(await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'us' }))).code).toBe('ERR_56882466_2');
    expect((await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'ie' })).status).toBe(200);
    // The runtime's country wins over a client-sent geolocation header, which is never read.
    expect((await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'IE', headers: geo('FR') })).status).toBe(200);
    expect((await refusalOf(await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'FR', headers: geo('GB') }))).code).toBe('ERR_56882466_2');
    // A global list applies to streams naming none, and to open content.
    const global = streamHarness(mem.db, { STREAM_ALLOWED_COUNTRIES: 'GB, IE', STREAM_CONCURRENCY_LIMIT: '10' });
    expect((await refusalOf(await global.check(IDS.liveClear, 'DrmLiveVideo', { as: fan.sub, country: 'ES' }))).code).toBe('ERR_56882466_2');
    expect((await refusalOf(await global.check(IDS.highlights, 'OnDemand', { country: 'ES' }))).code).toBe('ERR_56882466_2');
    expect((await global.check(IDS.liveClear, 'DrmLiveVideo', { as: fan.sub, country: 'GB' })).status).toBe(200);
  });

  it('treats a viewer the runtime gave no country as unknown, not GB: limited streams refused with the reason, a sent x-nf-geo ignored', async () => {
    const h = streamHarness(mem.db, { STREAM_CONCURRENCY_LIMIT: '10' });
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const unknown = { code: 'ERR_56882466_2', title: 'Country unknown', detail: STREAM_COUNTRY_UNKNOWN_DETAIL };
    expect(await refusalOf(await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub }))).toEqual(unknown);
    for (const forged of [geo('GB'), { 'x-nf-geo': JSON.stringify({ country: { code: 'GB' } }) }]) {
      expect(await refusalOf(await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, headers: forged }))).toEqual(unknown);
    }
    // Streams limited to no country play wherever the viewer is, known or not.
    expect((await h.check(IDS.liveClear, 'DrmLiveVideo', { as: fan.sub })).status).toBe(200);
    // A lease taken with a country stops at its heartbeat when the country is gone.
    const grant = await attributesOf<Grant>(await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: fan.sub, country: 'GB' }));
    const beat = await h.call('/api/session/heartbeat', { as: fan.sub, headers: geo('GB'), body: { data: { attributes: { leaseID: grant.leaseID } } } });
    expect(await beat.json()).toMatchObject({ data: { attributes: { continue: false, reason: 'revoked', code: 'ERR_56882466_2' } } });
  });

  it('lets a bypassed account skip entitlement and country checks (bypassed: true), but not offline streams', async () => {
    const h = streamHarness(mem.db);
    const bypassed = await makeAccount(mem.storage.db, { bypassed: true });
    const res = await h.check(IDS.ukOnly, 'DrmLiveVideo', { as: bypassed.sub, country: 'FR' });
    expect(res.status).toBe(200);
    expect((await attributesOf<Grant>(res)).bypassed).toBe(true);
    expect((await refusalOf(await h.check(IDS.offline, 'DrmLiveVideo', { as: bypassed.sub }))).code).toBe('ERR_3684853_2');
  });

  it('refuses the screen over STREAM_CONCURRENCY_LIMIT ERR_54648_1 with the exact text', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    expect((await h.check(IDS.replay, 'OnDemand', { as: fan.sub })).status).toBe(200);
    expect((await h.check(IDS.live, 'DrmLiveVideo', { as: fan.sub })).status).toBe(200);
    const third = await h.check(IDS.replay, 'OnDemand', { as: fan.sub });
    expect(third.status).toBe(403);
    expect(await refusalOf(third)).toEqual({
      code: 'ERR_54648_1',
      title: 'Concurrent streaming limit',
      detail: 'Your account has reached the limit for concurrent streaming. Please log out of some browsers and devices and try again',
    });
    const three = streamHarness(mem.db, { STREAM_CONCURRENCY_LIMIT: '3' });
    expect((await three.check(IDS.replay, 'OnDemand', { as: fan.sub })).status).toBe(200);
  });
});

describe('the granted session: token, URLs, lease', () => {
  it('binds a Mux-shaped token (aud v) to the account, the lease and the asset; manifest URL on STREAM_HOST_URL', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const res = await h.check(IDS.replay, 'OnDemand', { as: fan.sub });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const grant = await attributesOf<Grant>(res);
    expect(grant.manifestURL).toBe(`http://127.0.0.1:9231/DemoReplay01.m3u8?token=${encodeURIComponent(grant.token)}`);
    expect(grant.licenceURLs).toBeUndefined();
    const claims = await h.verifier.verify(grant.token, {
      playbackId: 'DemoReplay01',
      audience: 'video',
      accountId: fan.id,
      leaseId: grant.leaseID,
      assetId: IDS.replay,
    });
    expect(claims.exp - claims.iat).toBe(75);
    expect(new Date(grant.expiresAt).getTime()).toBe(claims.exp * 1000);
    const [lease] = await listLiveLeases(mem.storage.db, fan.id, h.clock.now());
    expect(lease).toMatchObject({ id: grant.leaseID, assetId: IDS.replay, countsTowardLimit: true });
    expect(lease!.expiresAt.getTime() - h.clock.now().getTime()).toBe(75_000);
    // Bound to that lease: refused for any other.
    await expect(
      h.verifier.verify(grant.token, { playbackId: 'DemoReplay01', audience: 'video', leaseId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toThrow(/wrong-binding/);
  });

  it('gives a DRM stream licence URLs (aud d) for the configured key systems, and the FairPlay certificate URL', async () => {
    const local = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const grant = await attributesOf<Grant>(await local.check(IDS.live, 'DrmLiveVideo', { as: fan.sub }));
    expect(Object.keys(grant.licenceURLs ?? {})).toEqual(['clearkey']);
    const licenceToken = new URL(grant.licenceURLs!.clearkey!).searchParams.get('token');
    expect(grant.licenceURLs!.clearkey).toMatch(/^http:\/\/127\.0\.0\.1:9231\/license\/clearkey\/DemoDrmLive01\?token=/);
    await local.verifier.verify(licenceToken, {
      playbackId: 'DemoDrmLive01',
      audience: 'licence',
      accountId: fan.id,
      leaseId: grant.leaseID,
      assetId: IDS.live,
    });
    await expect(local.verifier.verify(grant.token, { playbackId: 'DemoDrmLive01', audience: 'licence' })).rejects.toThrow(/wrong-audience/);

    const mux = streamHarness(mem.db, {
      STREAM_HOST_URL: 'https://stream.mux.com',
      STREAM_LICENCE_URL: 'https://license.mux.com/license',
      STREAM_KEY_SYSTEMS: 'widevine,playready,fairplay',
      STREAM_FAIRPLAY_CERTIFICATE_URL: 'https://license.mux.com/appcert/fairplay',
      STREAM_CONCURRENCY_LIMIT: '5',
    });
    const drm = await attributesOf<Grant>(await mux.check(IDS.live, 'DrmLiveVideo', { as: fan.sub }));
    expect(drm.manifestURL).toMatch(/^https:\/\/stream\.mux\.com\/DemoDrmLive01\.m3u8\?token=/);
    expect(Object.keys(drm.licenceURLs ?? {})).toEqual(['widevine', 'playready', 'fairplay']);
    expect(drm.licenceURLs!.widevine).toMatch(/^https:\/\/license\.mux\.com\/license\/widevine\/DemoDrmLive01\?token=/);
    expect(drm.fairplayCertificateURL).toMatch(/^https:\/\/license\.mux\.com\/appcert\/fairplay\/DemoDrmLive01\?token=/);
    // A clear live stream gets no licence URLs.
    expect((await attributesOf<Grant>(await mux.check(IDS.liveClear, 'DrmLiveVideo', { as: fan.sub }))).licenceURLs).toBeUndefined();
  });

  it('answers 503 streaming_unavailable when no signing key is configured', async () => {
    const h = streamHarness(mem.db, {}, { noSigner: true });
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const res = await h.check(IDS.replay, 'OnDemand', { as: fan.sub });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('streaming_unavailable');
  });
});

describe('leases: heartbeat, release, expiry', () => {
  it('does not count live audio as a screen, and reuses the lease a player names', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video', 'subscription-audio'] });
    const first = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect((await h.check(IDS.live, 'DrmLiveVideo', { as: fan.sub })).status).toBe(200);
    const audio = await h.check(IDS.audio, 'LiveAudio', { as: fan.sub });
    expect(audio.status).toBe(200);
    // The next video in the same player keeps its place.
    const next = await attributesOf<Grant>(await h.check(IDS.live, 'DrmLiveVideo', { as: fan.sub, leaseID: first.leaseID }));
    expect(next.leaseID).toBe(first.leaseID);
    expect((await listLiveLeases(mem.storage.db, fan.id, h.clock.now())).map((l) => l.countsTowardLimit).sort()).toEqual([false, true, true]);
    // Someone else's lease id is not reused: a new device, over the limit.
    const other = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const theirs = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: other.sub }));
    expect((await refusalOf(await h.check(IDS.replay, 'OnDemand', { as: fan.sub, leaseID: theirs.leaseID }))).code).toBe('ERR_54648_1');
  });

  it('frees a place on release (JSON or a text/plain beacon) and when two heartbeats are missed (75 s)', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const a = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    const b = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect((await h.check(IDS.replay, 'OnDemand', { as: fan.sub })).status).toBe(403);
    const released = await h.release(a.leaseID, fan.sub, 'text/plain;charset=UTF-8');
    expect(released.status).toBe(204);
    const c = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect((await h.release(c.leaseID, fan.sub)).status).toBe(204);
    expect((await h.release(c.leaseID, fan.sub)).status).toBe(204); // idempotent
    // b's player crashed; the new one keeps beating every 30 s.
    const d = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    expect((await h.check(IDS.replay, 'OnDemand', { as: fan.sub })).status).toBe(403);
    for (let i = 0; i < 2; i += 1) {
      h.clock.advance(30);
      expect((await attributesOf(await h.beat(d.leaseID, fan.sub))).continue).toBe(true);
    }
    h.clock.advance(14); // 74 s after b's last renewal: still held
    expect((await h.check(IDS.replay, 'OnDemand', { as: fan.sub })).status).toBe(403);
    h.clock.advance(2); // 76 s: b has lapsed
    expect((await h.check(IDS.replay, 'OnDemand', { as: fan.sub })).status).toBe(200);
    expect(await attributesOf(await h.beat(b.leaseID, fan.sub))).toEqual({ continue: false, reason: 'expired', code: 'lease_expired' });
  });

  it('answers a heartbeat with a fresh token bound to the same lease', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const grant = await attributesOf<Grant>(await h.check(IDS.live, 'DrmLiveVideo', { as: fan.sub }));
    h.clock.advance(30);
    const res = await h.beat(grant.leaseID, fan.sub);
    expect(res.status).toBe(200);
    const beat = await attributesOf<{ continue: true; token: string; manifestURL: string; licenceURLs: Record<string, string>; expiresAt: string }>(res);
    expect(beat.continue).toBe(true);
    expect(beat.token).not.toBe(grant.token);
    expect(beat.manifestURL).toContain(encodeURIComponent(beat.token));
    expect(Object.keys(beat.licenceURLs)).toEqual(['clearkey']);
    expect(new Date(beat.expiresAt).getTime() - new Date(grant.expiresAt).getTime()).toBe(30_000);
    await h.verifier.verify(beat.token, { playbackId: 'DemoDrmLive01', audience: 'video', accountId: fan.id, leaseId: grant.leaseID, assetId: IDS.live });
    const [lease] = await listLiveLeases(mem.storage.db, fan.id, h.clock.now());
    expect(lease!.expiresAt.getTime() - h.clock.now().getTime()).toBe(75_000);
    // The licence token (used when a licence is fetched) is handed again while it outlives the next beat by 10 s, then signed anew.
    const licenceToken = (urls: Record<string, string> | undefined) => new URL(urls!.clearkey!).searchParams.get('token')!;
    expect(licenceToken(beat.licenceURLs)).toBe(licenceToken(grant.licenceURLs));
    h.clock.advance(30);
    const later = await attributesOf<{ token: string; licenceURLs: Record<string, string> }>(await h.beat(grant.leaseID, fan.sub));
    expect(licenceToken(later.licenceURLs)).not.toBe(licenceToken(grant.licenceURLs));
    const licenceClaims = await h.verifier.verify(licenceToken(later.licenceURLs), {
      playbackId: 'DemoDrmLive01',
      audience: 'licence',
      leaseId: grant.leaseID,
    });
    expect(licenceClaims.exp - Math.floor(h.clock.now().getTime() / 1000)).toBe(75);
    // Someone else's lease: expired for them.
    const other = await makeAccount(mem.storage.db);
    expect(await attributesOf(await h.beat(grant.leaseID, other.sub))).toMatchObject({ continue: false, reason: 'expired' });
    // Signed out: 401 (refresh the session, then beat again).
    expect((await h.beat(grant.leaseID)).status).toBe(401);
    // Anonymous '?' leases beat without a session.
    const open = await attributesOf<Grant>(await h.check(IDS.highlights, 'OnDemand'));
    expect((await attributesOf(await h.beat(open.leaseID))).continue).toBe(true);
  });

  it('tells the player to stop when the account is blocked or the entitlement revoked, and frees the place', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const grant = await attributesOf<Grant>(await h.check(IDS.replay, 'OnDemand', { as: fan.sub }));
    await revokeEntitlement(mem.storage.db, fan.grants[0]!.id, change(h.clock.now()));
    expect(await attributesOf(await h.beat(grant.leaseID, fan.sub))).toEqual({ continue: false, reason: 'revoked', code: 'ERR_3684853_3' });
    expect(await listLiveLeases(mem.storage.db, fan.id, h.clock.now())).toEqual([]);

    const other = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const playing = await attributesOf<Grant>(await h.check(IDS.live, 'DrmLiveVideo', { as: other.sub }));
    await setUserBlocked(mem.storage.db, other.id, true, change(h.clock.now()));
    expect(await attributesOf(await h.beat(playing.leaseID, other.sub))).toEqual({ continue: false, reason: 'blocked', code: 'ERR_56882466_1' });
    expect(await listLiveLeases(mem.storage.db, other.id, h.clock.now())).toEqual([]);

    // A password change ends the account's other sessions: their heartbeat is a 401, and their lease ends with them.
    const third = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const watching = await attributesOf<Grant>(await h.check(IDS.live, 'DrmLiveVideo', { as: third.sub }));
    await endSessionsBefore(mem.storage.db, third.id, h.clock.now());
    expect((await h.beat(watching.leaseID, third.sub)).status).toBe(401);
    expect(await listLiveLeases(mem.storage.db, third.id, h.clock.now())).toEqual([]);
  });

  it('keeps the CSRF, media-type and validation rules of the API', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const foreign = await h.call('/api/session/check', {
      as: fan.sub,
      origin: 'https://evil.example',
      body: { data: { attributes: { videoID: IDS.replay, mediaType: 'OnDemand' } } },
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin');
    expect(
      (
        await h.call('/api/session/check', {
          as: fan.sub,
          contentType: 'text/plain',
          body: { data: { attributes: { videoID: IDS.replay, mediaType: 'OnDemand' } } },
        })
      ).status,
    ).toBe(415);
    expect((await h.call('/api/session/check', { as: fan.sub, body: { data: { attributes: { videoID: IDS.replay, mediaType: 'Vhs' } } } })).status).toBe(400);
    expect((await h.call('/api/session/release', { as: fan.sub, body: 'not json', contentType: 'text/plain' })).status).toBe(400);
    expect((await h.call('/api/session/heartbeat', { as: fan.sub, origin: null, body: { data: { attributes: { leaseID: 'x' } } } })).status).toBe(403);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past SESSION_RATE_LIMIT calls per client a minute (check, heartbeat and release together)', async () => {
    const h = streamHarness(mem.db);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await h.beat('anonymous.OnDemand.nope')).status, (await h.release('x')).status);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const res = await h.check(IDS.highlights, 'OnDemand');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('race safety', () => {
  it('grants exactly 2 of 20 simultaneous session checks for one account with limit 2', async () => {
    const h = streamHarness(mem.db);
    const fan = await makeAccount(mem.storage.db, { entitlements: ['subscription-video'] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.check(IDS.replay, 'OnDemand', { as: fan.sub })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(18);
    expect(await listLiveLeases(mem.storage.db, fan.id, h.clock.now())).toHaveLength(2);
  });
});

describe('the video catalogue routes (spec §7)', () => {
  it('answers a feed section page newest first (sections[0].itemData), all sections when none is named', async () => {
    const h = streamHarness(mem.db);
    const res = await h.call('/api/video/feed/videos/sections?section=highlights&pageIndex=0&pageSize=10');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      sections: { section: string; totalItems: number; itemData: { metaData: { category: string }; publicationData: { releaseFrom: string } }[] }[];
    };
    const items = body.sections[0]!.itemData;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    expect(items.every((item) => item.metaData.category === 'highlights')).toBe(true);
    const dates = items.map((item) => Date.parse(item.publicationData.releaseFrom));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const all = (await (await h.call('/api/video/feed/videos/sections?pageSize=5&pageIndex=1')).json()) as typeof body;
    expect(all.sections[0]!.itemData).toHaveLength(5);
    // Every video of the dataset (data/demo/videos.json: all published by its as-of instant).
    expect(all.sections[0]!.totalItems).toBe((JSON.parse(readFileSync('data/demo/videos.json', 'utf8')) as unknown[]).length);
    expect((await h.call('/api/video/feed/nope/sections')).status).toBe(404);
    expect((await h.call('/api/video/feed/videos/sections?pageSize=0')).status).toBe(400);
  });

  it('answers categories sorted by orderPosition, packages by type, and stream assets (spec §3)', async () => {
    const h = streamHarness(mem.db);
    const categories = (await (await h.call('/api/video/categories')).json()) as { data: { id: string; attributes: { orderPosition: number } }[] };
    const positions = categories.data.map((c) => c.attributes.orderPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(categories.data[0]!.id).toBe('highlights');
    const memberships = (await (await h.call('/api/video/packages?filter.packageType=membership')).json()) as { data: { mode: string }[] };
    expect(memberships.data.length).toBeGreaterThan(0);
    expect(memberships.data.every((p) => p.mode === 'subscription')).toBe(true);
    const passes = (await (await h.call('/api/video/packages?filter.packageType=match-pass')).json()) as { data: { mode: string }[] };
    expect(passes.data.every((p) => p.mode === 'match-pass')).toBe(true);
    expect((await h.call('/api/video/packages?filter.packageType=other')).status).toBe(400);
    const stream = (await (await h.call(`/api/video/streams/${IDS.offline}`)).json()) as {
      data: { id: string; attributes: { mediaType: string; assetData: { playbackIds: { id: string }[]; status: string } } };
    };
    expect(stream.data).toMatchObject({
      id: IDS.offline,
      attributes: { mediaType: 'live-stream', assetData: { playbackIds: [{ id: 'DemoLiveVideo01' }], status: 'idle' } },
    });
    expect((await h.call('/api/video/streams/nope')).status).toBe(404);
  });
});
