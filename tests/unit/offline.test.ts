import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isCacheablePath,
  isPagePath,
  matchdayPagePaths,
  mayKeepCopy,
  pageFile,
  pathSection,
  savedAtOf,
  savedAtText,
  savedTimingHeader,
  webAppManifest,
} from '../../src/lib/offline';
import {
  offlinePageLinks,
  onDemandImports,
  pageAssets,
  PRIVATE_SECTIONS,
  SHELL_FILES,
  staticImports,
  writeServiceWorker,
} from '../../src/integrations/serviceWorker';

describe('matchday offline rules (src/lib/offline)', () => {
  it('keeps the matchday information page, every page below it and the stadium page, in tree order', () => {
    const tree = [
      'tickets',
      'tickets/matchday-information/supporter-guides/home-fans',
      'tickets/matchday-information',
      'tickets/matchday-informationx',
      'tickets/matchday-information/families',
      'club/stadium',
      'club/stadium/tours',
      'club',
    ];
    expect(matchdayPagePaths(tree)).toEqual([
      'tickets/matchday-information',
      'tickets/matchday-information/families',
      'tickets/matchday-information/supporter-guides/home-fans',
      'club/stadium',
    ]);
    expect(matchdayPagePaths(['tickets', 'club'])).toEqual([]);
  });

  it("gives a page path's file in a directory build", () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/matches')).toBe('matches/index.html');
    expect(pageFile('/match/first-team/2026-27/x/')).toBe('match/first-team/2026-27/x/index.html');
    expect(() => pageFile('matches')).toThrow(RangeError);
    expect(() => pageFile('/matches?x=1')).toThrow(RangeError);
  });

  it('never caches the private sections, compared segment by segment', () => {
    expect(PRIVATE_SECTIONS).toEqual(['/api/', '/account/']);
    expect(pathSection('/api/events')).toBe('/api/');
    expect(isCacheablePath('/api/authenticated', PRIVATE_SECTIONS)).toBe(false);
    expect(isCacheablePath('/api', PRIVATE_SECTIONS)).toBe(false);
    expect(isCacheablePath('/account/profile', PRIVATE_SECTIONS)).toBe(false);
    expect(isCacheablePath('/apiary', PRIVATE_SECTIONS)).toBe(true);
    expect(isCacheablePath('/news/api-changes', PRIVATE_SECTIONS)).toBe(true);
    expect(isCacheablePath('/', PRIVATE_SECTIONS)).toBe(true);
  });

  it('tells pages from files', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/news/a-b')).toBe(true);
    expect(isPagePath('/data/packages.json')).toBe(false);
    expect(isPagePath('/pagefind/pagefind.js')).toBe(false);
  });

  it('keeps no copy of a no-store or private response', () => {
    expect(mayKeepCopy(null)).toBe(true);
    expect(mayKeepCopy('public, max-age=0, must-revalidate')).toBe(true);
    expect(mayKeepCopy('no-store')).toBe(false);
    expect(mayKeepCopy('Private, max-age=60')).toBe(false);
    expect(mayKeepCopy('no-cache')).toBe(true);
  });

  it('says when a copy was saved, in London time', () => {
    const now = new Date('2026-08-29T13:30:00Z'); // 14:30 BST
    expect(savedAtText(new Date('2026-08-29T13:05:00Z'), now)).toBe('Saved at 14:05 today');
    expect(savedAtText(new Date('2026-08-28T20:40:00Z'), now)).toBe('Saved yesterday at 21:40');
    expect(savedAtText(new Date('2026-08-22T08:12:00Z'), now)).toBe('Saved on Sat 22 Aug at 09:12');
    // Just after midnight in London is still 'today' there, though the UTC date is the day before.
    expect(savedAtText(new Date('2026-08-28T23:10:00Z'), new Date('2026-08-29T08:00:00Z'))).toBe('Saved at 00:10 today');
  });

  it('reads back the saved time a copy carries, and nothing from a page without it', () => {
    const savedAt = new Date('2026-08-29T13:05:00.000Z');
    const header = savedTimingHeader(savedAt);
    expect(header).toBe('saved;desc="2026-08-29T13:05:00.000Z"');
    expect(savedAtOf([{ name: 'saved', description: '2026-08-29T13:05:00.000Z' }])).toEqual(savedAt);
    expect(savedAtOf([{ name: 'cdn', description: 'hit' }])).toBeUndefined();
    expect(savedAtOf([{ name: 'saved', description: 'yesterday' }])).toBeUndefined();
  });

  it('describes an installable standalone app in the club colours', () => {
    const manifest = webAppManifest('Stoke City', 'Stoke');
    expect(manifest).toMatchObject({ name: 'Stoke City', short_name: 'Stoke', start_url: '/', display: 'standalone', theme_color: '#0b1a2f' });
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
      const png = readFileSync(path.join('public', icon.src));
      // PNG IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});

describe('the service worker build (src/integrations/serviceWorker)', () => {
  it('reads the kept pages from the offline page', () => {
    const html =
      '<a href="/x">x</a><a data-offline-page href="/matches">F</a><a data-offline-page="" href="/club/stadium">S</a><a data-offline-page href="/matches">F</a>';
    expect(offlinePageLinks(html)).toEqual(['/matches', '/club/stadium']);
  });

  it("finds a page's build assets and images, not resized images or other sites", () => {
    const html = [
      '<link rel="stylesheet" href="/_astro/a.css"><link rel="modulepreload" href="/_astro/m.js"><link rel="icon" href="/favicon.svg">',
      '<script type="module" src="/_astro/p.js"></script><script src="https://cdn.example/x.js"></script>',
      '<img src="/media/club/crest.svg"><img src="/media/fit-in/100x50/sponsors/s.svg"><img src="/_astro/i.png?x">',
    ].join('');
    expect(pageAssets(html)).toEqual(['_astro/a.css', '_astro/m.js', '_astro/p.js', 'media/club/crest.svg']);
  });

  it("follows a chunk's static imports, not its dynamic ones", () => {
    const code = 'import{a as b}from"./atom.X1.js";import"./side.Y2.js";const l=()=>import("./lazy.Z3.js");export{b};';
    expect(staticImports(code)).toEqual(['atom.X1.js', 'side.Y2.js']);
  });

  it("finds a chunk's dynamic imports, however the bundler quotes them", () => {
    const code = 'import{a}from"./atom.X1.js";import(`./sticky.Y2.js`).then(a);import("./lazy.Z3.js");import(\'./q.W4.js\');import(x);';
    expect(onDemandImports(code)).toEqual(['lazy.Z3.js', 'q.W4.js', 'sticky.Y2.js']);
  });

  describe('on a small built site', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'terrace-sw-'));
    const site = path.join(root, 'dist');
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), text);
    };
    const page = (body: string) =>
      `<!doctype html><html><head><link rel="stylesheet" href="/_astro/site.A1.css"><script type="module" src="/_astro/page.B2.js"></script></head><body>${body}</body></html>`;
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('precaches the shell, the kept pages and what they load, and nothing else', async () => {
      for (const file of SHELL_FILES) write(file, file);
      write('offline/index.html', page('<a data-offline-page href="/matches">Fixtures</a><a href="/news">News</a>'));
      write('matches/index.html', page('<img src="/media/club/crest.svg">'));
      write('news/index.html', page(''));
      write('_astro/site.A1.css', 'body{}');
      // The page's script loads lazy.D4.js on demand (kept, with its static imports); what that
      // and the page's static imports load on demand (a player, a panel) is not kept.
      write('_astro/page.B2.js', 'import{a}from"./atom.C3.js";import(`./lazy.D4.js`);');
      write('_astro/atom.C3.js', 'export const a=1;import("./panel.F6.js");');
      write('_astro/lazy.D4.js', 'import"./lazyDep.G7.js";import("./player.E5.js");export default 1;');
      write('_astro/lazyDep.G7.js', 'export default 2;');
      const built = await writeServiceWorker(site, path.join(root, 'work'));
      expect(built.files).toEqual(
        [
          '_astro/atom.C3.js',
          '_astro/lazy.D4.js',
          '_astro/lazyDep.G7.js',
          '_astro/page.B2.js',
          '_astro/site.A1.css',
          ...SHELL_FILES,
          'matches/index.html',
          'offline/index.html',
        ].sort(),
      );
      const sw = readFileSync(path.join(site, 'sw.js'), 'utf8');
      expect(sw).not.toContain('self.__WB_MANIFEST');
      expect(sw).toContain('"url":"matches/index.html"');
      expect(sw).not.toContain('news/index.html');
      expect(sw).not.toContain('player.E5.js');
      expect(sw).not.toContain('panel.F6.js');
      expect(sw).toContain(JSON.stringify(PRIVATE_SECTIONS));
    });

    it('fails naming a kept page that was not built', async () => {
      write('offline/index.html', page('<a data-offline-page href="/club/stadium">Stadium</a>'));
      await expect(writeServiceWorker(site, path.join(root, 'work'))).rejects.toThrow('club/stadium/index.html is not in the build');
    });
  });
});
