/**
 * docs/configuration.md is the one list of environment variables: every variable of the platform
 * API's schema (src/platform/env.ts) has a row, and every row names a variable the code reads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformEnvSchema } from '../../src/platform/env';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Variable names in the first cell of each table row of docs/configuration.md. */
function documentedVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8').split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

/** The text of every source file under the folders the code lives in. */
function sourceText(): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|tsx|mjs|js|astro|toml)$/.test(entry)) parts.push(readFileSync(file, 'utf8'));
    }
  };
  for (const dir of ['src', 'scripts', 'netlify', 'tests/support']) walk(path.join(ROOT, dir));
  for (const file of ['astro.config.mjs', 'playwright.config.ts', 'netlify.toml']) parts.push(readFileSync(path.join(ROOT, file), 'utf8'));
  return parts.join('\n');
}

describe('docs/configuration.md', () => {
  const documented = documentedVariables();

  it('documents every variable of the platform environment schema', () => {
    const missing = Object.keys(platformEnvSchema.shape).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('documents only variables the code reads', () => {
    const code = sourceText();
    const unread = [...documented].filter((name) => !new RegExp(`\\b${name}\\b`).test(code));
    expect(unread).toEqual([]);
  });
});
