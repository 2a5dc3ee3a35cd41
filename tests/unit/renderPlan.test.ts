/**
 * The incremental build's plan (src/integrations/renderPlan.ts) without Astro: the
 * integration's hooks are called with a minimal config, pages are planned as getStaticPaths plans
 * them, and the output folders are real. That a whole incremental build equals a full build is
 * checked by `npm run bench:build` (BENCH_VERIFY, on in CI's smoke run).
 */
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryDigest, incrementalBuild, planRender, REUSED_PAGE_URLS, siteKey, treeDigest } from '../../src/integrations/renderPlan';

type Hook = (options: Record<string, unknown>) => unknown;

let root: string;
const logged: string[] = [];
const logger = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(`warn: ${m}`) };

async function startBuild(outDir: string, from?: string): Promise<{ done: () => Promise<void> }> {
  if (from) process.env.INCREMENTAL_FROM = from;
  else delete process.env.INCREMENTAL_FROM;
  const integration = incrementalBuild();
  const hooks = integration.hooks as unknown as Record<string, Hook>;
  const config = {
    root: pathToFileURL(`${root}/`),
    cacheDir: pathToFileURL(`${root}/cache/`),
    outDir: pathToFileURL(`${outDir}/`),
    base: '/',
    site: 'https://club.example/',
    trailingSlash: 'ignore',
    build: { format: 'directory' },
  };
  await hooks['astro:config:done']!({ config, logger });
  return { done: async () => void (await hooks['astro:build:done']!({ logger })) };
}

/** Plans three article pages the way a route does and "renders" the ones planned. */
async function buildArticles(outDir: string, articles: Record<string, string>, from?: string, withManifest = false): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const build = await startBuild(outDir, from);
  const site = await siteKey(async () => 'content-v1');
  const planned = planRender(
    'news',
    site,
    Object.entries(articles).map(([slug, body]) => ({ path: slug, file: `news/${slug}/index.html`, inputs: body })),
  );
  for (const slug of planned) {
    await mkdir(path.join(outDir, 'news', slug), { recursive: true });
    await writeFile(path.join(outDir, 'news', slug, 'index.html'), `<h1>${articles[slug]}</h1>`);
  }
  if (withManifest) await writeFile(path.join(outDir, 'content-manifest.json'), JSON.stringify({ builtAt: `${Date.now()}-${Math.random()}` }));
  await build.done();
  return planned;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'render-plan-'));
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(path.join(root, 'src', 'page.astro'), 'v1');
  logged.length = 0;
});

afterEach(async () => {
  delete process.env.INCREMENTAL_FROM;
  await rm(root, { recursive: true, force: true });
});

describe('incremental rendering', () => {
  it('renders everything without INCREMENTAL_FROM, and only the changed page with it', async () => {
    const first = path.join(root, 'out-1');
    expect(await buildArticles(first, { a: 'A', b: 'B', c: 'C' })).toEqual(['a', 'b', 'c']);

    const second = path.join(root, 'out-2');
    expect(await buildArticles(second, { a: 'A', b: 'B edited', c: 'C' }, first)).toEqual(['b']);
    // The unchanged pages are the previous build's files (hard links), the changed one is new.
    expect(await readFile(path.join(second, 'news/a/index.html'), 'utf8')).toBe('<h1>A</h1>');
    expect(await readFile(path.join(second, 'news/b/index.html'), 'utf8')).toBe('<h1>B edited</h1>');
    expect((await stat(path.join(second, 'news/a/index.html'))).ino).toBe((await stat(path.join(first, 'news/a/index.html'))).ino);
    // The sitemap is told about the reused pages.
    expect([...REUSED_PAGE_URLS].sort()).toEqual(['https://club.example/news/a/', 'https://club.example/news/c/']);
    expect(logged.at(-1)).toContain('rendered 1 of 3 planned pages; 2 reused');
  });

  it('renders everything again when the code changes', async () => {
    const first = path.join(root, 'out-1');
    await buildArticles(first, { a: 'A', b: 'B' });
    await writeFile(path.join(root, 'src', 'page.astro'), 'v2');
    expect(await buildArticles(path.join(root, 'out-2'), { a: 'A', b: 'B' }, first)).toEqual(['a', 'b']);
  });

  it('renders a page again when its previous file is gone, and forgets pages no longer planned', async () => {
    const first = path.join(root, 'out-1');
    await buildArticles(first, { a: 'A', b: 'B', c: 'C' });
    await rm(path.join(first, 'news/a'), { recursive: true });
    const second = path.join(root, 'out-2');
    expect(await buildArticles(second, { a: 'A', b: 'B' }, first)).toEqual(['a']);
    await expect(stat(path.join(second, 'news/c/index.html'))).rejects.toThrow();
  });

  it('renders everything when the previous build left no keys', async () => {
    const first = path.join(root, 'out-1');
    await buildArticles(first, { a: 'A' });
    await rm(path.join(root, 'cache'), { recursive: true });
    expect(await buildArticles(path.join(root, 'out-2'), { a: 'A' }, first)).toEqual(['a']);
    expect(logged.some((m) => m.startsWith('warn: no render keys'))).toBe(true);
  });

  it('finds the records of an output moved elsewhere (restored from a cache) by its content manifest', async () => {
    const first = path.join(root, 'out-1');
    await buildArticles(first, { a: 'A', b: 'B' }, undefined, true);
    const moved = path.join(root, 'restored', 'previous');
    await mkdir(path.dirname(moved), { recursive: true });
    await rename(first, moved);
    expect(await buildArticles(path.join(root, 'out-2'), { a: 'A', b: 'B2' }, moved, true)).toEqual(['b']);
  });

  it('refuses to build over the build it reuses', async () => {
    const first = path.join(root, 'out-1');
    await buildArticles(first, { a: 'A' });
    await expect(startBuild(first, first)).rejects.toThrow(/another folder/);
  });
});

describe('digests', () => {
  it('treeDigest changes with a file’s bytes or name, not with an absent input', async () => {
    const before = treeDigest(root, ['src', 'missing.json']);
    expect(treeDigest(root, ['src'])).toBe(before);
    await writeFile(path.join(root, 'src', 'page.astro'), 'v2');
    const after = treeDigest(root, ['src']);
    expect(after).not.toBe(before);
    await writeFile(path.join(root, 'src', 'other.astro'), '');
    expect(treeDigest(root, ['src'])).not.toBe(after);
  });

  it('entryDigest covers the whole entry, rendered HTML included, not only the loader digest', () => {
    const entry = { id: 'a', digest: 'same', data: { title: 'T' }, rendered: { html: '<p>one</p>' } };
    const body = { id: 'a', digest: 'same', data: { title: 'T' }, rendered: { html: '<p>two</p>' } };
    const title = { id: 'a', digest: 'same', data: { title: 'T2' }, rendered: { html: '<p>one</p>' } };
    expect(entryDigest(entry)).not.toBe(entryDigest(body));
    expect(entryDigest(entry)).not.toBe(entryDigest(title));
    expect(entryDigest({ ...entry })).toBe(entryDigest(entry));
  });
});
