/**
 * Feeds that can't empty the site (ARCHITECTURE §2): `astro sync` (the build's
 * content step) on a copy of the embedded dataset fails, naming the feed, when news, fixtures,
 * squads or packages come back empty (with no baseline at all) or shrink past FEED_SHRINK_LIMIT
 * against a baseline manifest; the editor's FEED_GUARD_OVERRIDE lets it through; an unreachable
 * baseline is only logged; a fixture with an unknown team or competition fails naming the item.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchIdFor } from '../../src/lib/clubNames';
import { syncChangedDataset } from '../support/astroSync';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-feed-guard-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TIMEOUT = 120_000;

/**
 * Copies the dataset, lets `change` edit it, runs `astro sync` with the feed guard settings in
 * `env` (FEED_BASELINE defaults to none, so no earlier build's dist/ counts), and returns the
 * exit code and output.
 */
function syncWith(name: string, change: (dir: string) => void, env: Record<string, string> = {}) {
  return syncChangedDataset(work, name, change, { FEED_BASELINE: 'none', FEED_GUARD_OVERRIDE: '', FEED_SHRINK_LIMIT: '', ...env });
}

const writeJson = (file: string, value: unknown) => writeFileSync(file, JSON.stringify(value));
const readList = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
const newsFiles = (dir: string) => readdirSync(path.join(dir, 'demo/news')).filter((f) => f.endsWith('.md'));

/** Keeps a third of the news articles; returns how many there were. */
function shrinkNews(dir: string): number {
  const files = newsFiles(dir);
  files.forEach((file, i) => i % 3 !== 0 && rmSync(path.join(dir, 'demo/news', file)));
  return files.length;
}

/** A baseline manifest that says the last published site had `news` articles. */
function baselineWith(news: number): string {
  const file = path.join(work, `baseline-${news}.json`);
  writeJson(file, { version: 1, builtAt: '2026-08-01T12:00:00Z', feeds: { news, fixtures: 1, squads: 1, packages: 1 } });
  return file;
}

describe('an empty feed fails the build naming it, even without a baseline', () => {
  it(
    'news',
    async () => {
      const { code, output } = await syncWith('empty-news', (dir) => newsFiles(dir).forEach((f) => rmSync(path.join(dir, 'demo/news', f))));
      expect(code).not.toBe(0);
      expect(output).toContain('Content feed "news", collection "news": the feed is empty');
      expect(output).toContain('FEED_GUARD_OVERRIDE=news');
    },
    TIMEOUT,
  );

  it(
    'fixtures',
    async () => {
      const { code, output } = await syncWith('empty-fixtures', (dir) => {
        for (const file of ['real/stoke-matches.json', 'real/stoke-fixtures-2026-27.json', 'demo/matches.json']) writeJson(path.join(dir, file), []);
      });
      expect(code).not.toBe(0);
      expect(output).toContain('Content feed "fixtures", collection "matches": the feed is empty');
    },
    TIMEOUT,
  );

  it(
    'squads',
    async () => {
      const { code, output } = await syncWith('empty-squads', (dir) => writeJson(path.join(dir, 'demo/players.json'), []));
      expect(code).not.toBe(0);
      expect(output).toContain('Content feed "squads", collection "players": the feed is empty');
    },
    TIMEOUT,
  );

  it(
    'packages',
    async () => {
      const { code, output } = await syncWith('empty-packages', (dir) => writeJson(path.join(dir, 'demo/packages.json'), []));
      expect(code).not.toBe(0);
      expect(output).toContain('Content feed "packages", collection "packages": the feed is empty');
    },
    TIMEOUT,
  );
});

describe('a feed that shrank past the limit against the last published site', () => {
  it(
    'fails naming the feed and both counts',
    async () => {
      let before = 0;
      const { code, output } = await syncWith('shrunk-news', (dir) => (before = shrinkNews(dir)), { FEED_BASELINE: baselineWith(newsFiles('data').length) });
      expect(code).not.toBe(0);
      expect(output).toContain(
        `Content feed "news", collection "news": the feed shrank from ${before} items on the last published site to ${Math.ceil(before / 3)}`,
      );
    },
    TIMEOUT,
  );

  it(
    "passes with the editor's override, logging it",
    async () => {
      const { code, output } = await syncWith('shrunk-news-override', shrinkNews, {
        FEED_BASELINE: baselineWith(newsFiles('data').length),
        FEED_GUARD_OVERRIDE: 'news',
      });
      expect(output).toContain('allowed by FEED_GUARD_OVERRIDE=news');
      expect(code).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'an unreachable baseline is logged and does not fail the build',
    async () => {
      const { code, output } = await syncWith('unreachable-baseline', () => {}, { FEED_BASELINE: 'http://127.0.0.1:9/content-manifest.json' });
      expect(output).toContain('the baseline manifest is unreachable: http://127.0.0.1:9/content-manifest.json');
      expect(code).toBe(0);
    },
    TIMEOUT,
  );
});

describe('a fixture with an unknown team or competition fails naming the item', () => {
  /** Edits the first demo fixture of the other teams; returns its collection id as the loader names it. */
  function editFirstDemoFixture(dir: string, edit: (record: Record<string, unknown>) => void): string {
    const file = path.join(dir, 'demo/matches.json');
    const records = readList(file);
    const record = records[0]!;
    edit(record);
    writeJson(file, records);
    return `${String(record.teamSlug)}/${matchIdFor(String(record.date), String(record.opponent))}`;
  }

  it(
    'unknown team',
    async () => {
      let item = '';
      const { code, output } = await syncWith('unknown-team', (dir) => (item = editFirstDemoFixture(dir, (r) => (r.teamSlug = 'u23'))));
      expect(code).not.toBe(0);
      expect(output).toContain(`Content feed "fixtures", collection "matches", item "${item}": unknown team "u23"`);
    },
    TIMEOUT,
  );

  it(
    'unknown competition',
    async () => {
      let item = '';
      const { code, output } = await syncWith(
        'unknown-competition',
        (dir) => (item = editFirstDemoFixture(dir, (r) => (r.competitionId = 'champions-league'))),
      );
      expect(code).not.toBe(0);
      expect(output).toContain(`Content feed "fixtures", collection "matches", item "${item}": unknown competition "champions-league"`);
    },
    TIMEOUT,
  );
});
