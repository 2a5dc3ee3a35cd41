/**
 * The published content manifest: /content-manifest.json holds the item count
 * of each guarded feed the site was built from, in the shape the next build's feed guard reads
 * (src/schemas/contentManifest.ts), and is revalidated so that build never reads a stale copy.
 */
import { expect, test } from '@playwright/test';
import { GUARDED_FEEDS } from '../../src/lib/feedGuard';
import { contentManifestSchema } from '../../src/schemas/contentManifest';
import { markdownFiles, readJson } from './data';

test('the manifest counts the feeds the site was built from', async ({ request }) => {
  const res = await request.get('/content-manifest.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/json');
  expect(res.headers()['cache-control']).toContain('max-age=0');
  const manifest = contentManifestSchema.parse(await res.json());
  expect(Object.keys(manifest.feeds).sort()).toEqual(Object.keys(GUARDED_FEEDS).sort());
  const matchFiles = ['real/stoke-matches.json', 'real/stoke-fixtures-2026-27.json', 'demo/matches.json'];
  expect(manifest.feeds).toEqual({
    news: markdownFiles('demo/news').length,
    fixtures: matchFiles.reduce((n, file) => n + readJson<unknown[]>(file).length, 0),
    squads: readJson<unknown[]>('demo/players.json').length,
    packages: readJson<unknown[]>('demo/packages.json').length,
  });
});
