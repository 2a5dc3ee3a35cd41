/**
 * One real `astro build` of a copy of the embedded dataset whose quick links menu is missing,
 * checked for:
 * - the error page's own fallback (spec §2 Error page): the error page cannot be shown, so the
 *   build still writes 404.html and 500.html, with 'An error occured while showing the error page'
 *   (the spec's spelling) and a 'Go back to home' link, instead of failing or publishing no error
 *   page;
 * - a clean build log: no "Entry … was not found" content warnings (issue 11: the match centre
 *   looked up line-ups of every match, 230 warnings).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'terrace-site-build-'));
const outDir = path.join(work, 'dist');
let log = '';

beforeAll(async () => {
  const data = path.join(work, 'data');
  cpSync('data', data, { recursive: true });
  const menusFile = path.join(data, 'club/menus.json');
  const menus = JSON.parse(readFileSync(menusFile, 'utf8')) as { name: string }[];
  writeFileSync(menusFile, JSON.stringify(menus.filter((m) => m.name !== 'quickLinks')));
  const { stdout, stderr } = await run('npm', ['exec', '--', 'astro', 'build', '--outDir', outDir], {
    env: { ...process.env, TERRACE_CONTENT_DIR: data, ASTRO_CACHE_DIR: path.join(work, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  log = stdout + stderr;
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build whose error page cannot read its quick links', () => {
  it('writes 404.html and 500.html with the error page fallback', () => {
    for (const page of ['404.html', '500.html']) {
      const html = readFileSync(path.join(outDir, page), 'utf8');
      expect(html).toMatch(/<h1[^>]*>An error occured while showing the error page<\/h1>/);
      expect(html).toMatch(/<a href="\/"[^>]*>Go back to home<\/a>/);
      expect(html).not.toContain('Quick Links');
    }
    // Pages that do not need the quick links are unaffected.
    expect(readFileSync(path.join(outDir, 'news/index.html'), 'utf8')).not.toContain('An error occured');
  });

  it('logs no "Entry … was not found" content warnings but the one for the menu it removed', () => {
    expect(log).toContain('Complete!');
    const missing = new Set([...log.matchAll(/Entry (\w+) → (\S+) was not found/g)].map((m) => `${m[1]}/${m[2]}`));
    expect([...missing]).toEqual(['menus/quickLinks']);
  });
});
