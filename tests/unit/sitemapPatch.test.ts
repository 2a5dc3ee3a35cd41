/**
 * The patch to @astrojs/sitemap (patches/@astrojs+sitemap+<version>.patch, applied by
 * patch-package on every npm install): with `chunks`, the library finds the URLs left for its own
 * `pages` file with `Array.includes` over every URL already in a chunk, quadratic in the URLs
 * (16–19 s of every 30,000-article build; docs/performance.md "The sitemap's chunks"); the patch
 * keeps them in a Set. This checks the installed copy is the patched one, and that the patch is
 * for the installed version (an upgrade must check whether it is still needed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('@astrojs/sitemap patch', () => {
  it('is for the installed version and is applied', () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/@astrojs/sitemap/package.json'), 'utf8')) as { version: string };
    expect(readdirSync(path.join(root, 'patches')).filter((f) => f.startsWith('@astrojs+sitemap+'))).toEqual([`@astrojs+sitemap+${version}.patch`]);
    const code = readFileSync(path.join(root, 'node_modules/@astrojs/sitemap/dist/index.js'), 'utf8');
    expect(code).not.toContain('groupedUrlCollection.includes(');
    expect(code).toContain('groupedUrlCollection.has(urlDataItem.url)');
  });
});
