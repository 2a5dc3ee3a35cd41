/**
 * Fault: the database stopped in a kick-off surge, frozen, and restarted (docs/reliability.md
 * "Faults"). A real PostgreSQL (tests/support/postgres.ts) behind the API as production builds it,
 * the local stream host and scripts/serve.mjs: halted or frozen, new session checks and heartbeats
 * get a coded 503 with Retry-After within seconds, an issued token still plays and static pages
 * still answer 200; restarted, the same instance answers again and nothing is lost.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFromEnv, type PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { activeEntitlementNames, listLiveLeases } from '../../src/platform/storage/platformStorage';
import { createApp } from '../../scripts/serve.mjs';
import { startStreamHost } from '../../scripts/local/streams/host.mjs';
import { writeFixtureStreams } from '../support/fixtureStreams';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { attributesOf, IDS, makeAccount, streamHarness } from '../support/streamApi';

/** The longest a call may take while the database is down or frozen (ms): the pool's bounds plus slack. */
const BOUNDED_MS = 12_000;

let server: TestPostgres;
let db: PlatformDatabase;
let h: ReturnType<typeof streamHarness>;
let folder: string;
let host: Awaited<ReturnType<typeof startStreamHost>>;
let site: ReturnType<typeof createApp>;

/** A call and how long it took (ms). */
async function timed(call: () => Response | Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
}

/** Expects the coded 503 with Retry-After, answered within BOUNDED_MS. */
async function expectServiceUnavailable({ res, ms }: { res: Response; ms: number }) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
  expect(ms).toBeLessThan(BOUNDED_MS);
}

beforeAll(async () => {
  server = await startPostgres();
  const env = parsePlatformEnv({ DATABASE_URL: await server.createDatabase('faults'), LOG_LEVEL: 'silent' });
  db = databaseFromEnv(env);
  await db.get(); // opened and migrated
  h = streamHarness(db);
  folder = mkdtempSync(join(tmpdir(), 'terrace-faults-db-'));
  const siteRoot = join(folder, 'dist');
  mkdirSync(siteRoot);
  writeFileSync(join(siteRoot, 'index.html'), '<!doctype html><title>Terrace</title><h1>Stoke City</h1>');
  writeFileSync(join(siteRoot, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(siteRoot, '_headers'), '');
  site = createApp({ root: siteRoot, functions: { api: (request: Request) => h.app.fetch(request, { clientIp: '198.51.100.9' }) } });
}, 120_000);

afterAll(async () => {
  server?.thaw(); // a failed frozen test must not leave a stopped server behind
  await host?.stop();
  await db?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the database stopped mid-surge and restarted', () => {
  it('answers new starts 503 with Retry-After while down, keeps issued tokens playing and static pages up, and recovers with nothing lost', async () => {
    // Before the fault: a subscriber playing (a lease and a token), twenty more fans ready.
    const playing = await makeAccount(await db.get(), { entitlements: ['subscription-video'] });
    const surge = [];
    for (let i = 0; i < 20; i += 1) surge.push(await makeAccount(await db.get(), { entitlements: ['subscription-video'] }));
    const started = await h.check(IDS.replay, 'OnDemand', { as: playing.sub });
    expect(started.status).toBe(200);
    const grant = await attributesOf<{ leaseID: string; token: string; playbackID: string; manifestURL: string }>(started);

    const streamsDir = join(folder, 'streams');
    writeFixtureStreams(streamsDir, grant.playbackID);
    host = await startStreamHost({ dir: streamsDir, verifier: h.verifier, quiet: true });
    const segmentUrl = `${host.url}/${grant.playbackID}/v/1.m4s?token=${encodeURIComponent(grant.token)}`;
    expect((await fetch(segmentUrl)).status).toBe(200);

    // synchronous_commit is off on the test server: let the WAL writer flush before the crash.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.halt();

    // The surge while down: every new start and every heartbeat a coded 503, none a 500 or a hang.
    const checks = await Promise.all(surge.map((fan) => timed(() => h.check(IDS.replay, 'OnDemand', { as: fan.sub }))));
    for (const answer of checks) await expectServiceUnavailable(answer);
    await expectServiceUnavailable(await timed(() => h.beat(grant.leaseID, playing.sub)));

    // The stream already playing: its token still opens manifest and segments at the stream host.
    expect((await fetch(`${host.url}/${grant.playbackID}.m3u8?token=${encodeURIComponent(grant.token)}`)).status).toBe(200);
    const segment = await fetch(segmentUrl);
    expect(segment.status).toBe(200);
    expect(await segment.text()).toBe('segment 1');

    // The static site: pages 200 from files, the API behind the same server 503.
    const page = await site.request('http://127.0.0.1/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stoke City');
    const viaSite = await timed(() =>
      site.request('http://127.0.0.1:4321/api/session/check', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4321', cookie: `tr_id=${playing.sub}; tr_access=${playing.sub}` },
        body: JSON.stringify({ data: { attributes: { videoID: IDS.replay, mediaType: 'OnDemand' } } }),
      }),
    );
    await expectServiceUnavailable(viaSite);

    // Restarted: the same API instance answers on its first call; the lease and entitlements are intact.
    await server.restart();
    const beat = await h.beat(grant.leaseID, playing.sub);
    expect(beat.status).toBe(200);
    expect((await attributesOf<{ continue: boolean }>(beat)).continue).toBe(true);
    const live = await listLiveLeases(await db.get(), playing.id, h.clock.now());
    expect(live.map((lease) => lease.id)).toEqual([grant.leaseID]);
    expect(await activeEntitlementNames(await db.get(), playing.id, h.clock.now())).toEqual(['subscription-video']);
    for (const fan of surge) expect(await activeEntitlementNames(await db.get(), fan.id, h.clock.now())).toEqual(['subscription-video']);
    const again = await Promise.all(surge.slice(0, 5).map((fan) => h.check(IDS.replay, 'OnDemand', { as: fan.sub })));
    expect(again.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
  }, 120_000);

  it('answers 503 within bounds while the database is frozen (a hung server), and recovers when it thaws', async () => {
    const fan = await makeAccount(await db.get(), { entitlements: ['subscription-video'] });
    const started = await h.check(IDS.replay, 'OnDemand', { as: fan.sub });
    expect(started.status).toBe(200);
    const { leaseID } = await attributesOf<{ leaseID: string }>(started);
    server.freeze();
    try {
      const answers = await Promise.all([
        timed(() => h.check(IDS.replay, 'OnDemand', { as: fan.sub })),
        ...Array.from({ length: 12 }, () => timed(() => h.beat(leaseID, fan.sub))),
      ]);
      for (const answer of answers) await expectServiceUnavailable(answer);
    } finally {
      server.thaw();
    }
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 200; attempt += 1) {
      status = (await h.beat(leaseID, fan.sub)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
  }, 120_000);
});
