/**
 * One real `astro build` of the embedded dataset with no quick links menu and the clock moved to the
 * summer between seasons (TERRACE_AS_OF=2026-06-15T12:00:00Z): the home page shows the pre-season
 * message (spec §4) and 2026/27's fixtures are coming soon; the error page's own fallback (spec §2)
 * still writes 404.html and 500.html with 'An error occured while showing the error page' and a
 * 'Go back to home' link (HTML and Chromium); the build log has no "Entry … was not found" warnings.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const AS_OF = '2026-06-15T12:00:00Z';
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
    env: {
      ...process.env,
      TERRACE_CONTENT_DIR: data,
      TERRACE_AS_OF: AS_OF,
      ASTRO_CACHE_DIR: path.join(work, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  log = stdout + stderr;
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build at another instant (TERRACE_AS_OF)', () => {
  it('between seasons: pre-season for 2026/27, its fixtures not published, no countdown on the home page', () => {
    const home = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(home).toContain(`data-as-of="${new Date(AS_OF).toISOString()}"`);
    expect(home).toContain('data-preseason');
    expect(home).toContain('Fixtures for the 2026/27 season are coming soon.');
    expect(home).not.toContain('data-countdown=');
    expect(readFileSync(path.join(outDir, 'matches/first-team/2026-27/index.html'), 'utf8')).toContain('Fixtures for the 2026/27 season are coming soon.');
    expect(existsSync(path.join(outDir, 'match/first-team/2026-27/2026-08-15-swansea-city/index.html'))).toBe(false);
    expect(readFileSync(path.join(outDir, 'match/first-team/2026-27/index.html'), 'utf8')).toContain('Fixtures for the 2026/27 season are coming soon.');
  });
});

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

  it('the fallback reads in a browser: its heading, and a link home', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(path.join(outDir, '404.html')).href);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('An error occured while showing the error page');
      expect(await page.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Go back to home' }).isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('logs no "Entry … was not found" content warnings but the one for the menu it removed', () => {
    expect(log).toContain('Complete!');
    const missing = new Set([...log.matchAll(/Entry (\w+) → (\S+) was not found/g)].map((m) => `${m[1]}/${m[2]}`));
    expect([...missing]).toEqual(['menus/quickLinks']);
  });
});
