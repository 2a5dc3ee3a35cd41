/**
 * Unsafe links are refused at the edge: a feed whose link field holds anything but a
 * site path, an http(s) URL, mailto: or tel: — javascript:, '//host', '/\host' — fails the build
 * naming feed, collection, item and field, instead of publishing the link. Runs `astro sync` (the
 * content-layer step of the build) on a copy of the embedded dataset with one link replaced.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncChangedDataset } from '../support/astroSync';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-unsafe-links-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const syncWith = (name: string, edit: (dir: string) => void) => syncChangedDataset(work, name, edit);

describe('a feed link that is not a safe link fails the build naming feed, item and field', () => {
  it("a menu item pointing at '//evil.example'", async () => {
    const { code, output } = await syncWith('menu', (dir) => {
      const file = path.join(dir, 'club/menus.json');
      const menus = JSON.parse(readFileSync(file, 'utf8')) as { name: string; items: { href: string }[] }[];
      menus[0]!.items[0]!.href = '//evil.example/';
      writeFileSync(file, JSON.stringify(menus));
    });
    expect(code).not.toBe(0);
    expect(output).toContain('Content feed "embedded:club/menus.json", collection "menus", item "primary"');
    expect(output).toContain('href');
  }, 180_000);

  it("a content page's call to action pointing at '/\\evil.example'", async () => {
    const { code, output } = await syncWith('page', (dir) => {
      const file = path.join(dir, 'demo/pages/foundation.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('link: "/foundation/donate"', 'link: "/\\\\evil.example/"'));
    });
    expect(code).not.toBe(0);
    expect(output).toContain('Content feed "embedded:demo/pages"');
    expect(output).toContain('foundation');
    expect(output).toContain('link');
  }, 180_000);
});
