/**
 * A stylesheet an island links by URL (`import href from '….css?url'`, loaded only when a panel
 * opens) must not also be imported by a script (`import '….css'`): the client build then writes
 * one file for both and the `?url` address names a file that is never written (a 404 answered
 * with HTML; docs/performance.md "Stylesheets opened by an island"). Pages (.astro) may import it:
 * their styles are linked by the page build. Read over every .ts/.tsx file under src/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT = /import\s+(?:(\w+)\s+from\s+)?['"]([^'"]+\.css)(\?url)?['"]/g;

/** Every stylesheet import of a script: the file's path from the root and whether it is by URL. */
function stylesheetImports(file: string, text: string): { css: string; byUrl: boolean }[] {
  return [...text.matchAll(IMPORT)].map((m) => ({
    css: path.relative(ROOT, path.resolve(path.dirname(file), m[2]!)),
    byUrl: m[3] === '?url',
  }));
}

function scripts(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(ROOT, dir, f));
}

describe('stylesheets linked by URL', () => {
  it('reads both kinds of import', () => {
    const file = path.join(ROOT, 'src/islands/a/B.tsx');
    expect(stylesheetImports(file, "import x from '../../styles/p.css?url';\nimport '../../styles/p.css';")).toEqual([
      { css: 'src/styles/p.css', byUrl: true },
      { css: 'src/styles/p.css', byUrl: false },
    ]);
  });

  it('no stylesheet is both linked by URL and imported by a script', () => {
    const imports = scripts('src').flatMap((file) =>
      stylesheetImports(file, readFileSync(file, 'utf8')).map((i) => ({ ...i, file: path.relative(ROOT, file) })),
    );
    const byUrl = new Set(imports.filter((i) => i.byUrl).map((i) => i.css));
    expect(byUrl.size, 'some island links a stylesheet by URL').toBeGreaterThan(0);
    const clashes = imports.filter((i) => !i.byUrl && byUrl.has(i.css)).map((i) => `${i.file} imports ${i.css}, which is linked by URL`);
    expect(clashes).toEqual([]);
  });
});
