/**
 * The sharded, incremental search index (src/integrations/searchIndex.ts) on a
 * small site of article pages: shards by month, the browser bundle and shard list at /pagefind/,
 * and a second build with INCREMENTAL_FROM that reuses the unchanged shard (hard-linked from the
 * previous build, whether its pages are hard links or copies with the same bytes) and rebuilds
 * the shard whose article changed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMeta } from '../../src/integrations/searchCountIndex';
import { buildSearchIndex, childrenGone, PAGEFIND_PROCESS } from '../../src/integrations/searchIndex';

let work: string;

/** An article page as src/components/ArticleBody.astro marks it for Pagefind. */
function article(title: string, published: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><article data-pagefind-body data-pagefind-meta="title[data-title], date[data-date]" data-pagefind-sort="date[data-published]" data-title="${title}" data-date="${published}" data-published="${Date.parse(published)}"><h1>${title}</h1><p>${body}</p></article></main></body></html>`;
}

/** Pages: two in January 2024, two in March 2024; with a cap of 2 that is two shards. */
const PAGES: Record<string, string> = {
  'news/jan-one/index.html': article('Jan one', '2024-01-05T12:00:00Z', 'Stoke win at home in January'),
  'news/jan-two/index.html': article('Jan two', '2024-01-20T12:00:00Z', 'Stoke draw away'),
  'news/mar-one/index.html': article('Mar one', '2024-03-02T12:00:00Z', 'Stoke sign a keeper'),
  'news/mar-two/index.html': article('Mar two', '2024-03-25T12:00:00Z', 'Stoke lose the derby'),
};

async function writeSite(dir: string, pages: Record<string, string>): Promise<void> {
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), html);
  }
  // Not an article: read, not indexed.
  await mkdir(path.join(dir, 'news/page'), { recursive: true });
  await writeFile(path.join(dir, 'news/page/index.html'), '<!doctype html><html lang="en"><body><p>Listing</p></body></html>');
}

const inode = (file: string) => statSync(file).ino;
const entry = (site: string, shard: string) => path.join(site, 'pagefind', shard, 'pagefind-entry.json');
const countEntry = (site: string, shard: string) => path.join(site, 'pagefind', shard, 'count', 'pagefind-entry.json');

/** A shard's metadata, or its count index's (`count/`). */
async function shardMeta(site: string, shard: string, count = false) {
  const entryFile = count ? countEntry(site, shard) : entry(site, shard);
  const { languages } = JSON.parse(await readFile(entryFile, 'utf8')) as { languages: { en: { hash: string; page_count: number } } };
  const file = path.join(path.dirname(entryFile), `pagefind.${languages.en.hash}.pf_meta`);
  return { pageCount: languages.en.page_count, file, meta: readMeta(await readFile(file), file) };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'terrace-search-shards-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('sharded search index', () => {
  let first: string;

  it('builds one Pagefind index per shard, the browser bundle and the shard list (newest first)', async () => {
    first = path.join(work, 'first');
    await writeSite(first, PAGES);
    const result = await buildSearchIndex({ site: first, maxPerShard: 2 });
    expect(result.indexed).toBe(4);
    expect(result.skipped).toBe(1);
    expect(result.shards.map((s) => [s.name, s.pages.length, s.reused])).toEqual([
      ['2024-01', 2, false],
      ['2024-03', 2, false],
    ]);
    expect(JSON.parse(await readFile(path.join(first, 'pagefind/shards.json'), 'utf8'))).toEqual({
      version: 1,
      shards: ['/pagefind/2024-03/', '/pagefind/2024-01/'],
    });
    for (const shard of ['2024-01', '2024-03']) {
      const meta = JSON.parse(await readFile(entry(first, shard), 'utf8')) as { languages: Record<string, { page_count: number }> };
      expect(meta.languages.en?.page_count, `${shard}: 2 articles and the sort anchor`).toBe(3);
    }
    for (const file of ['pagefind.js', 'pagefind-worker.js']) expect(existsSync(path.join(first, 'pagefind', file)), file).toBe(true);
    expect(existsSync(path.join(first, 'pagefind/count'))).toBe(false);
    expect(existsSync(path.join(first, 'pagefind/pagefind-entry.json'))).toBe(false);
    expect(readdirSync(path.join(first, 'pagefind')).some((n) => n.startsWith('.staging'))).toBe(false);
  }, 60_000);

  it("writes each shard's count index: its metadata with tagged pages, naming the shard's own chunks", async () => {
    for (const shard of ['2024-01', '2024-03']) {
      const full = await shardMeta(first, shard);
      const count = await shardMeta(first, shard, true);
      expect(count.pageCount).toBe(full.pageCount);
      const [, pages, chunks, filters, sorts] = count.meta;
      expect(pages).toHaveLength(full.meta[1].length);
      // The anchor is the date order's first page; every other page carries the shard's tag.
      expect(pages.filter(([tag]) => tag === 'count_anchor')).toHaveLength(1);
      expect(pages.filter(([tag]) => tag === `count_${shard}`)).toHaveLength(2);
      expect(pages.findIndex(([tag]) => tag === 'count_anchor')).toBe(full.meta[4].find(([name]) => name === 'date')?.[1][0]);
      expect(sorts).toEqual([]);
      expect(chunks.map(([from, to]) => [from, to])).toEqual(full.meta[2].map(([from, to]) => [from, to]));
      // Each chunk name resolves, from the count index's folder, to the shard's own chunk file.
      for (const [, , hash] of chunks) expect(existsSync(path.join(first, 'pagefind', shard, 'count', 'index', `${hash}.pf_index`)), hash).toBe(true);
      for (const [, hash] of filters) expect(existsSync(path.join(first, 'pagefind', shard, 'count', 'filter', `${hash}.pf_filter`)), hash).toBe(true);
    }
  }, 60_000);

  it('with INCREMENTAL_FROM, reuses the unchanged shard and rebuilds the one whose article changed', async () => {
    const second = path.join(work, 'second');
    // January: one page hard-linked from the previous build (as the incremental site build does), one copied.
    await mkdir(path.join(second, 'news/jan-one'), { recursive: true });
    await link(path.join(first, 'news/jan-one/index.html'), path.join(second, 'news/jan-one/index.html'));
    await mkdir(path.join(second, 'news/jan-two'), { recursive: true });
    await copyFile(path.join(first, 'news/jan-two/index.html'), path.join(second, 'news/jan-two/index.html'));
    // March: one article corrected.
    await writeSite(second, {
      'news/mar-one/index.html': PAGES['news/mar-one/index.html']!,
      'news/mar-two/index.html': article('Mar two', '2024-03-25T12:00:00Z', 'Stoke win the derby after all'),
    });
    const result = await buildSearchIndex({ site: second, maxPerShard: 2, incrementalFrom: first });
    expect(result.shards.map((s) => [s.name, s.reused])).toEqual([
      ['2024-01', true],
      ['2024-03', false],
    ]);
    // Reused: the previous build's files themselves (hard links); rebuilt: new files.
    expect(inode(entry(second, '2024-01'))).toBe(inode(entry(first, '2024-01')));
    expect(inode(entry(second, '2024-03'))).not.toBe(inode(entry(first, '2024-03')));
    // The count index goes with its shard: reused with it, rebuilt with it.
    expect(inode(countEntry(second, '2024-01'))).toBe(inode(countEntry(first, '2024-01')));
    expect(inode(countEntry(second, '2024-03'))).not.toBe(inode(countEntry(first, '2024-03')));
    expect((await shardMeta(second, '2024-03', true)).pageCount).toBe(3);
    const inputs = JSON.parse(await readFile(path.join(second, 'pagefind/2024-03/inputs.json'), 'utf8')) as { files: Record<string, { sha256: string }> };
    const before = JSON.parse(await readFile(path.join(first, 'pagefind/2024-03/inputs.json'), 'utf8')) as { files: Record<string, { sha256: string }> };
    expect(inputs.files['news/mar-two/index.html']?.sha256).not.toBe(before.files['news/mar-two/index.html']?.sha256);
    expect(inputs.files['news/mar-one/index.html']?.sha256).toBe(before.files['news/mar-one/index.html']?.sha256);
    expect(JSON.parse(await readFile(path.join(second, 'pagefind/shards.json'), 'utf8'))).toEqual({
      version: 1,
      shards: ['/pagefind/2024-03/', '/pagefind/2024-01/'],
    });
  }, 60_000);

  it('without INCREMENTAL_FROM, builds every shard', async () => {
    const third = path.join(work, 'third');
    await writeSite(third, PAGES);
    const result = await buildSearchIndex({ site: third, maxPerShard: 2 });
    expect(result.shards.every((s) => !s.reused)).toBe(true);
  }, 60_000);

  it('fails when article candidates exist but none is a search record', async () => {
    const bare = path.join(work, 'bare');
    await writeSite(bare, {});
    await expect(buildSearchIndex({ site: bare, maxPerShard: 2 })).rejects.toThrow(/data-pagefind-body/);
  });
});

describe('childrenGone (one Pagefind process at a time)', () => {
  it('waits for a child process of that name to exit', async () => {
    // A copy of sleep(1) under a name of its own: Linux names a process after its executable.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'children-gone-'));
    const probe = path.join(dir, 'pagefind-probe');
    await copyFile('/bin/sleep', probe);
    await chmod(probe, 0o755);
    const child = spawn(probe, ['0.4'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    const started = performance.now();
    expect(await childrenGone('pagefind-probe')).toBe(1);
    expect(performance.now() - started).toBeGreaterThan(250);
    expect(await childrenGone('pagefind-probe')).toBe(0);
    expect(await childrenGone(PAGEFIND_PROCESS)).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });
});
