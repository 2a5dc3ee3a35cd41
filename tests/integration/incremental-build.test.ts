/**
 * An incremental rebuild (INCREMENTAL_FROM, src/integrations/renderPlan.ts) writes the same site
 * as a full build of the same content: on a small generated archive (scripts/bench/generate.mjs),
 * after a new article, an edited article, a deleted article and a corrected score, each rebuild
 * renders only what changed and its output equals a full build's, file by file (every file but
 * content-manifest.json's build time).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedScore, deletedArticle, editedArticle, generateArchive, newArticle } from '../../scripts/bench/generate.mjs';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'terrace-incremental-'));
const content = path.join(work, 'content');
const ARTICLES = 30;

/** Builds the archive into `outDir`, incrementally from `from` when given; returns the build log. */
async function build(outDir: string, from?: string): Promise<string> {
  const { stdout, stderr } = await run('npm', ['exec', '--', 'astro', 'build', '--outDir', outDir], {
    env: {
      ...process.env,
      TERRACE_CONTENT_DIR: content,
      ASTRO_CACHE_DIR: path.join(work, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
      FEED_BASELINE: from ? path.join(from, 'content-manifest.json') : 'none',
      ...(from ? { INCREMENTAL_FROM: from } : { INCREMENTAL_FROM: '' }),
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout + stderr;
}

/** Relative path → SHA-256 of every file of a build output but the prerender bundle. */
function hashTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (rel.startsWith('.prerender') || rel === 'content-manifest.json') continue;
    files.set(
      rel,
      createHash('sha256')
        .update(readFileSync(path.join(dir, rel)))
        .digest('hex'),
    );
  }
  return files;
}

/** Files missing on one side or with other bytes. */
function differingFiles(a: string, b: string): string[] {
  const [x, y] = [hashTree(a), hashTree(b)];
  return [...new Set([...x.keys(), ...y.keys()])].filter((rel) => x.get(rel) !== y.get(rel)).sort();
}

/** The render plan's log line: "rendered R of P planned pages; U reused from …" → U. */
function reusedPages(log: string): number {
  const match = /rendered \d+ of \d+ planned pages; (\d+) reused/.exec(log);
  return match ? Number(match[1]) : 0;
}

let previous = path.join(work, 'out-0');
beforeAll(async () => {
  await generateArchive(path.resolve('data'), content, ARTICLES);
  await build(previous);
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an incremental rebuild equals a full build', () => {
  const changes = [
    ['a new article', newArticle],
    ['an edited article', editedArticle],
    ['a deleted article', deletedArticle],
    ['a corrected score', changedScore],
  ] as const;

  for (const [label, make] of changes) {
    it(`after ${label}`, async () => {
      const change = await make(content);
      await change.apply();
      const name = label.replace(/\W+/g, '-');
      const incremental = path.join(work, `inc-${name}`);
      const full = path.join(work, `full-${name}`);
      const log = await build(incremental, previous);
      await build(full);
      expect(differingFiles(full, incremental)).toEqual([]);
      // The rebuild reused pages of the build before instead of rendering all of them.
      expect(reusedPages(log)).toBeGreaterThan(0);
      // The change is in the output (the page of the article, or its absence).
      const differsFromBefore = differingFiles(previous, incremental);
      expect(differsFromBefore.length).toBeGreaterThan(0);
      rmSync(full, { recursive: true, force: true });
      previous = incremental;
    }, 300_000);
  }
});
