/**
 * The sitemap integration's last hook (src/integrations/publicSitemap.ts, `terrace:sitemap-records`):
 * @astrojs/sitemap only logs its own errors and returns, so this hook fails the build when no
 * sitemap index was written, rather than letting the site go out without one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSitemap } from '../../src/integrations/publicSitemap';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitemap-records-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The build:done hook of the integration publicSitemap adds after @astrojs/sitemap. */
function recordsHook(): (options: { dir: URL }) => Promise<void> {
  const added: AstroIntegration[] = [];
  const setup = publicSitemap().hooks['astro:config:setup'] as unknown as (options: {
    updateConfig: (config: { integrations: AstroIntegration[] }) => void;
  }) => void;
  setup({ updateConfig: (config) => added.push(...config.integrations) });
  expect(added.map((i) => i.name)).toEqual(['@astrojs/sitemap', 'terrace:sitemap-records']);
  return added[1]?.hooks['astro:build:done'] as unknown as (options: { dir: URL }) => Promise<void>;
}

describe('sitemap check after the build', () => {
  it('fails the build when @astrojs/sitemap wrote no sitemap-index.xml', async () => {
    await expect(recordsHook()({ dir: pathToFileURL(`${dir}/`) })).rejects.toThrow(/no \/sitemap-index\.xml in the build/);
  });

  it('passes once the sitemap index is there', async () => {
    await writeFile(path.join(dir, 'sitemap-index.xml'), '<?xml version="1.0" encoding="UTF-8"?><sitemapindex></sitemapindex>');
    await expect(recordsHook()({ dir: pathToFileURL(`${dir}/`) })).resolves.toBeUndefined();
  });
});
