/**
 * The feed guard around loaders (src/loaders/feedGuardLoader.ts): reading the baseline manifest from a
 * URL or a file (an unreachable or invalid one is logged, never fatal), failing a guarded feed
 * that came back empty or shrunk (or letting an overridden one through with a warning), and the
 * fixtures check against the loaded teams and competitions. Loaders run on a small fake context.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureReferencesCheck, guardedFeed, observed, readBaseline } from '../../src/loaders/feedGuardLoader';

interface FakeContext {
  context: LoaderContext;
  logs: { level: 'info' | 'warn'; message: string }[];
}

/** A loader context whose store is a Map, logging into `logs`. */
function fakeContext(collection: string): FakeContext {
  const entries = new Map<string, { id: string; data: Record<string, unknown> }>();
  const logs: FakeContext['logs'] = [];
  const store = {
    keys: () => [...entries.keys()],
    values: () => [...entries.values()],
    entries: () => [...entries.entries()],
    get: (id: string) => entries.get(id),
    set: (entry: { id: string; data: Record<string, unknown> }) => (entries.set(entry.id, entry), true),
    clear: () => entries.clear(),
  };
  const logger = { info: (message: string) => logs.push({ level: 'info', message }), warn: (message: string) => logs.push({ level: 'warn', message }) };
  return { context: { collection, store, logger } as unknown as LoaderContext, logs };
}

/** A loader that stores the given records (id field `id`). */
function loaderOf(records: Record<string, unknown>[]): Loader {
  return {
    name: 'test:loader',
    load: async (context) => {
      context.store.clear();
      for (const data of records) context.store.set({ id: String(data.id), data });
    },
  };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `item-${i + 1}` }));

const work = mkdtempSync(path.join(tmpdir(), 'terrace-feed-guard-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** Writes a baseline manifest file and points FEED_BASELINE at it (each test its own file: the baseline is read once per source). */
function baselineFile(name: string, feeds: Record<string, number>): void {
  const file = path.join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify({ version: 1, builtAt: '2026-08-01T12:00:00Z', feeds }));
  vi.stubEnv('FEED_BASELINE', file);
}

describe('guardedFeed', () => {
  it('fails an empty feed naming it, even without a baseline', async () => {
    vi.stubEnv('FEED_BASELINE', 'none');
    const { context } = fakeContext('packages');
    await expect(guardedFeed('packages', loaderOf([])).load(context)).rejects.toThrow(/Content feed "packages", collection "packages": the feed is empty/);
  });

  it('fails a feed that shrank past the limit against the baseline', async () => {
    baselineFile('shrunk', { news: 85 });
    const { context } = fakeContext('news');
    await expect(guardedFeed('news', loaderOf(items(40))).load(context)).rejects.toThrow(
      /Content feed "news", collection "news": the feed shrank from 85 items .* to 40/,
    );
  });

  it('lets a feed through within the limit, or with FEED_SHRINK_LIMIT raised', async () => {
    baselineFile('within', { squads: 86 });
    await guardedFeed('squads', loaderOf(items(43))).load(fakeContext('players').context);
    vi.stubEnv('FEED_SHRINK_LIMIT', '0.9');
    await guardedFeed('squads', loaderOf(items(10))).load(fakeContext('players').context);
  });

  it('the override lets an empty feed through with a warning', async () => {
    baselineFile('override', { fixtures: 238 });
    vi.stubEnv('FEED_GUARD_OVERRIDE', 'fixtures');
    const { context, logs } = fakeContext('matches');
    await guardedFeed('fixtures', loaderOf([])).load(context);
    expect(logs.find((l) => l.level === 'warn')?.message).toMatch(/feed "fixtures": the feed is empty .*allowed by FEED_GUARD_OVERRIDE=fixtures/);
  });

  it('a malformed setting fails the feed', async () => {
    vi.stubEnv('FEED_SHRINK_LIMIT', 'lots');
    await expect(guardedFeed('news', loaderOf(items(3))).load(fakeContext('news').context)).rejects.toThrow(/FEED_SHRINK_LIMIT/);
  });

  it('refuses to guard a collection the feed does not fill', async () => {
    await expect(guardedFeed('news', loaderOf(items(3))).load(fakeContext('pages').context)).rejects.toThrow(/expects feed "news" to fill collection "news"/);
  });
});

describe('readBaseline', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/content-manifest.json') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ version: 1, builtAt: '2026-08-01T12:00:00Z', feeds: { news: 85 } }));
      } else if (request.url === '/locked.json') {
        response.statusCode = 401;
        response.end('<!doctype html><title>Locked</title>');
      } else {
        response.setHeader('content-type', 'text/html');
        response.end('<!doctype html><title>Not a manifest</title>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the live site's manifest", async () => {
    const { context, logs } = fakeContext('news');
    expect(await readBaseline({ kind: 'url', url: `${base}/content-manifest.json` }, context.logger)).toMatchObject({ feeds: { news: 85 } });
    expect(logs.at(-1)?.message).toContain(`${base}/content-manifest.json`);
  });

  it('an unreachable, refused or invalid baseline is logged as a warning, not thrown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/content-manifest.json`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    for (const url of [deadUrl, `${base}/locked.json`, `${base}/page.html`]) {
      const { context, logs } = fakeContext('news');
      expect(await readBaseline({ kind: 'url', url }, context.logger), url).toBeNull();
      expect(logs.at(-1)).toMatchObject({ level: 'warn' });
      expect(logs.at(-1)?.message).toContain(url);
    }
  });

  it('a missing local file is noted; a corrupt one warned about', async () => {
    const missing = fakeContext('news');
    expect(await readBaseline({ kind: 'file', path: path.join(work, 'absent.json') }, missing.context.logger)).toBeNull();
    expect(missing.logs.at(-1)).toMatchObject({ level: 'info' });
    const corruptFile = path.join(work, 'corrupt.json');
    writeFileSync(corruptFile, '{"version": 1, "feeds": ');
    const corrupt = fakeContext('news');
    expect(await readBaseline({ kind: 'file', path: corruptFile }, corrupt.context.logger)).toBeNull();
    expect(corrupt.logs.at(-1)).toMatchObject({ level: 'warn' });
  });
});

describe('fixtureReferencesCheck', () => {
  const teams = () =>
    observed(
      'teams',
      loaderOf([
        { id: 't110', slug: '' },
        { id: 't12935', slug: 'u21' },
      ]),
    );
  const competitions = () => observed('competitions', loaderOf([{ id: 'championship' }, { id: 'fa-cup' }]));
  const fixtures = [
    { id: 'first-team/2026-08-15-swansea-city', teamSlug: '', competition: 'championship' },
    { id: 'u23/2026-08-16-derby-county-u23', teamSlug: 'u23', competition: 'championship' },
    { id: 'first-team/2026-08-22-southampton', teamSlug: '', competition: 'premier-league' },
  ];

  it('fails naming the first fixture with an unknown team, and counts the others', async () => {
    vi.stubEnv('FEED_BASELINE', 'none');
    const t = teams();
    const c = competitions();
    const matches = guardedFeed('fixtures', loaderOf(fixtures), fixtureReferencesCheck({ teams: t, competitions: c }));
    // The fixtures may load before the teams and competitions: the check waits for them.
    const pending = matches.load(fakeContext('matches').context);
    await t.loader.load(fakeContext('teams').context);
    await c.loader.load(fakeContext('competitions').context);
    await expect(pending).rejects.toThrow(
      /Content feed "fixtures", collection "matches", item "u23\/2026-08-16-derby-county-u23": unknown team "u23".*\(and 1 more: first-team\/2026-08-22-southampton\)/,
    );
  });

  it('passes when every team and competition is known', async () => {
    vi.stubEnv('FEED_BASELINE', 'none');
    const t = teams();
    const c = competitions();
    await t.loader.load(fakeContext('teams').context);
    await c.loader.load(fakeContext('competitions').context);
    await guardedFeed('fixtures', loaderOf(fixtures.slice(0, 1)), fixtureReferencesCheck({ teams: t, competitions: c })).load(fakeContext('matches').context);
  });
});
