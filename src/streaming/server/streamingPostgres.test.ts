/**
 * The streaming routes on a real PostgreSQL server (tests/support/postgres.ts), as in production
 * where several function instances share one database: twenty simultaneous session checks for one
 * account with limit 2, spread over two app instances with their own connection pools, grant
 * exactly 2 (acquireLease's row lock); a heartbeat from the other instance renews the lease.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFromEnv, type PlatformDatabase } from '../../platform/deps';
import { parsePlatformEnv } from '../../platform/env';
import { listLiveLeases } from '../../platform/storage/platformStorage';
import { startPostgres, type TestPostgres } from '../../../tests/support/postgres';
import { attributesOf, IDS, makeAccount, streamHarness } from '../../../tests/support/streamApi';

let server: TestPostgres;
let dbA: PlatformDatabase;
let dbB: PlatformDatabase;

beforeAll(async () => {
  server = await startPostgres();
  const env = parsePlatformEnv({ DATABASE_URL: await server.createDatabase('streaming'), LOG_LEVEL: 'silent' });
  dbA = databaseFromEnv(env);
  await dbA.get(); // migrated once
  dbB = databaseFromEnv(env);
}, 120_000);

afterAll(async () => {
  await dbA?.close();
  await dbB?.close();
  await server?.stop();
});

describe('leases on PostgreSQL', () => {
  it('grants exactly 2 of 20 simultaneous session checks across two instances (limit 2)', async () => {
    const a = streamHarness(dbA);
    const b = streamHarness(dbB);
    const fan = await makeAccount(await dbA.get(), { entitlements: ['subscription-video'] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).check(IDS.replay, 'OnDemand', { as: fan.sub })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(18);
    expect(await listLiveLeases(await dbA.get(), fan.id, a.clock.now())).toHaveLength(2);
    const granted = await attributesOf<{ leaseID: string }>(answers.find((res) => res.status === 200)!);
    expect((await attributesOf(await b.beat(granted.leaseID, fan.sub))).continue).toBe(true);
  });

  it('grants exactly 3 of 20 with STREAM_CONCURRENCY_LIMIT=3, live audio on top', async () => {
    const a = streamHarness(dbA, { STREAM_CONCURRENCY_LIMIT: '3' });
    const b = streamHarness(dbB, { STREAM_CONCURRENCY_LIMIT: '3' });
    const fan = await makeAccount(await dbA.get(), { entitlements: ['subscription-video'] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).check(IDS.liveClear, 'DrmLiveVideo', { as: fan.sub })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
    expect((await a.check(IDS.audio, 'LiveAudio', { as: fan.sub })).status).toBe(200);
  });
});
