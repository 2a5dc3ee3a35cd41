/**
 * The Netlify Build plugin that hands each build the previous output (netlify/plugins/
 * incremental-build, docs/publishing.md "In production"), with a stand-in for Netlify's build
 * cache (utils.cache: save copies a path away, restore copies it back when it is absent).
 */
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { onPostBuild, onPreBuild, PREVIOUS_OUTPUT } from '../../netlify/plugins/incremental-build/index.mjs';

let work: string;
let store: string;
const cwd = process.cwd();

const cache = {
  async restore(paths: string | string[]): Promise<boolean> {
    let restored = false;
    for (const p of [paths].flat()) {
      if (existsSync(p) || !existsSync(path.join(store, p))) continue;
      await cp(path.join(store, p), p, { recursive: true });
      restored = true;
    }
    return restored;
  },
  async save(paths: string | string[]): Promise<boolean> {
    for (const p of [paths].flat()) {
      if (!existsSync(p)) continue;
      await rm(path.join(store, p), { recursive: true, force: true });
      await cp(p, path.join(store, p), { recursive: true });
    }
    return true;
  },
};

function options() {
  return {
    netlifyConfig: { build: { publish: 'dist', environment: {} as Record<string, string | undefined> } },
    constants: { PUBLISH_DIR: path.join(work, 'dist') },
    utils: { cache },
  };
}

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'netlify-incremental-'));
  store = path.join(work, '.netlify-cache');
  process.chdir(work);
});

afterEach(async () => {
  process.chdir(cwd);
  await rm(work, { recursive: true, force: true });
});

describe('netlify/plugins/incremental-build', () => {
  it('renders everything on a first build, then gives the next build the previous output', async () => {
    const first = options();
    await onPreBuild(first);
    expect(first.netlifyConfig.build.environment.INCREMENTAL_FROM).toBeUndefined();

    await mkdir('dist/news/a', { recursive: true });
    await writeFile('dist/news/a/index.html', '<h1>A</h1>');
    await onPostBuild(first);
    // The kept output is hard links to the published files, not a copy of their bytes.
    expect((await stat(path.join(PREVIOUS_OUTPUT, 'news/a/index.html'))).ino).toBe((await stat('dist/news/a/index.html')).ino);

    // A new build machine: nothing but the build cache.
    await rm('dist', { recursive: true });
    await rm('.incremental', { recursive: true });
    const second = options();
    await onPreBuild(second);
    expect(second.netlifyConfig.build.environment.INCREMENTAL_FROM).toBe(path.resolve(PREVIOUS_OUTPUT));
    expect(await readFile(path.join(PREVIOUS_OUTPUT, 'news/a/index.html'), 'utf8')).toBe('<h1>A</h1>');
  });

  it('replaces the kept output after each successful build', async () => {
    await mkdir('dist', { recursive: true });
    await writeFile('dist/index.html', 'one');
    await onPostBuild(options());
    await rm('dist', { recursive: true });
    await mkdir('dist', { recursive: true });
    await writeFile('dist/index.html', 'two');
    await onPostBuild(options());
    expect(await readFile(path.join(PREVIOUS_OUTPUT, 'index.html'), 'utf8')).toBe('two');
    expect(await readFile(path.join(store, PREVIOUS_OUTPUT, 'index.html'), 'utf8')).toBe('two');
  });
});
