/**
 * No two modules under src/ share a name (STYLE.md "Names"; docs/code-map.md "File names"): a name
 * says one layer and one job, so `session` cannot mean a browser start-up script, a store and a
 * server module at once. A module is a .ts/.tsx/.mts/.mjs/.js/.astro file; its name is the file
 * name without the last extension (`ui.test.ts` is `ui.test`), compared case-sensitively (a
 * PascalCase component and the camelCase script it loads are two names). Out of scope: src/pages/
 * (file names are URLs), declaration files (`env.d.ts`) and stylesheets.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every module under `dir` (repository-relative), src/pages/ left out. */
function modules(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (relative === 'src/pages') return [];
    if (statSync(path.join(ROOT, relative)).isDirectory()) return modules(relative);
    return /\.(ts|tsx|mts|mjs|js|astro)$/.test(name) && !name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** Names carried by more than one module, each with its files. */
function sharedNames(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.posix.basename(file).replace(/\.[^.]+$/, '');
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return Object.fromEntries([...byName].filter(([, places]) => places.length > 1));
}

describe('file names under src/', () => {
  it('finds a shared name (the check itself)', () => {
    expect(sharedNames(['src/lib/session.ts', 'src/stores/session.ts', 'src/stores/ui.test.ts', 'src/stores/ui.ts'])).toEqual({
      session: ['src/lib/session.ts', 'src/stores/session.ts'],
    });
  });

  it('no two modules share a name', () => {
    const files = modules('src');
    expect(files.length).toBeGreaterThan(300);
    expect(sharedNames(files)).toEqual({});
  });
});
