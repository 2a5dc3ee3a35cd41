/**
 * The site's clock loader (src/loaders/clockLoader.ts): the embedded dataset's own
 * as-of instant, the real time for a build from the platform's content API, TERRACE_AS_OF over
 * both, and an invalid dataset file failing the build naming the feed. Runs on a small fake
 * loader context.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { clockLoader } from '../../src/loaders/clockLoader';
import { clockSchema } from '../../src/schemas/clockSchema';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-clock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** Runs the loader with a dataset folder holding `dataset` as club/dataset.json; returns the stored clock. */
async function load(dataset: unknown): Promise<unknown> {
  const dir = mkdtempSync(path.join(work, 'data-'));
  mkdirSync(path.join(dir, 'club'));
  writeFileSync(path.join(dir, 'club/dataset.json'), JSON.stringify(dataset));
  vi.stubEnv('TERRACE_CONTENT_DIR', dir);
  const entries = new Map<string, { id: string; data: Record<string, unknown> }>();
  const context = {
    collection: 'clock',
    store: {
      clear: () => entries.clear(),
      set: (e: { id: string; data: Record<string, unknown> }) => (entries.set(e.id, e), true),
      get: (id: string) => entries.get(id),
    },
    parseData: async ({ data }: { data: unknown }) => clockSchema.parse(data),
    generateDigest: () => 'digest',
    logger: { info: () => undefined, warn: () => undefined },
  } as unknown as LoaderContext;
  await clockLoader().load(context);
  return entries.get('default')?.data;
}

describe('clockLoader', () => {
  it('the embedded dataset: its own asOf, as a UTC instant', async () => {
    vi.stubEnv('CONTENT_API_URL', '');
    vi.stubEnv('TERRACE_AS_OF', '');
    expect(await load({ asOf: '2026-05-24T09:00:00+01:00' })).toEqual({ asOf: '2026-05-24T08:00:00.000Z', source: 'dataset' });
  });

  it('the platform content API: the real time of the build, never the dataset file', async () => {
    vi.stubEnv('CONTENT_API_URL', 'https://platform.example/content');
    vi.stubEnv('TERRACE_AS_OF', '');
    const before = Date.now();
    const clock = (await load({ asOf: '2026-05-24T09:00:00+01:00' })) as { asOf: string; source: string };
    expect(clock.source).toBe('platform');
    expect(Date.parse(clock.asOf)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(clock.asOf)).toBeLessThanOrEqual(Date.now());
  });

  it('TERRACE_AS_OF overrides either', async () => {
    vi.stubEnv('CONTENT_API_URL', '');
    vi.stubEnv('TERRACE_AS_OF', '2025-12-01T15:00:00Z');
    expect(await load({ asOf: '2026-05-24T09:00:00+01:00' })).toEqual({ asOf: '2025-12-01T15:00:00.000Z', source: 'override' });
    vi.stubEnv('TERRACE_AS_OF', 'yesterday');
    await expect(load({ asOf: '2026-05-24T09:00:00+01:00' })).rejects.toThrow(/env:TERRACE_AS_OF.*not an ISO 8601 instant/);
  });

  it('an invalid dataset file fails naming the feed and field', async () => {
    vi.stubEnv('CONTENT_API_URL', '');
    vi.stubEnv('TERRACE_AS_OF', '');
    await expect(load({ asOf: '24 May 2026' })).rejects.toThrow(/embedded:club\/dataset.json.*asOf/s);
  });
});
