/**
 * A rebuild can't publish a broken site (scripts/publish/local.mjs,
 * docs/publishing.md): `npm run publish:local` builds the embedded dataset (a copy) into a fresh
 * folder and swaps `current` to it only when the build succeeded. The local server's app
 * (scripts/serve.mjs createApp, root = the `current` symlink, made once and never restarted)
 * answers the first build's pages; an invalid article then fails the next publish naming the
 * feed and the item, while the served site keeps answering the old content during and after that
 * build; once the feed is fixed, the next publish is served at once by the same app.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../scripts/serve.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-publish-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const data = path.join(work, 'data');
const site = path.join(work, 'site');
cpSync('data', data, { recursive: true });

const BROKEN = 'demo/news/report-stoke-city-4-1-rotherham-united-2023-08.md';
const BROKEN_SLUG = 'report-stoke-city-4-1-rotherham-united-2023-08';
const BROKEN_TITLE = 'Report: The Potters run riot against Rotherham on opening day';
const EDITED = 'demo/news/academy-duo-sign-first-professional-contracts.md';
const EDITED_URL = '/news/academy-duo-sign-first-professional-contracts/';
const OLD_TITLE = 'Academy duo sign first professional contracts';
const NEW_TITLE = 'Academy trio sign first professional contracts';

/** Runs `node scripts/publish/local.mjs` on the copied dataset; resolves with its exit code and output. */
function publish(): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLISH_DIR: site, TERRACE_CONTENT_DIR: data };
  delete env.FEED_BASELINE;
  delete env.ASTRO_CACHE_DIR;
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/publish/local.mjs'], { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const live = () => readlinkSync(path.join(site, 'current'));
const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(data, file), change(readFileSync(path.join(data, file), 'utf8')));

describe('npm run publish:local', () => {
  it('publishes a good build, keeps the last good site live through a failed one, then swaps in the fixed one', async () => {
    const first = await publish();
    expect(first.output).toContain('publish: published');
    expect(first.code).toBe(0);
    const firstBuild = live();
    expect(firstBuild).toMatch(/^builds\//);

    const app = createApp({ root: path.join(site, 'current'), functions: {} });
    const page = async (url: string) => {
      const res = await app.request(url);
      return { status: res.status, text: await res.text(), csp: res.headers.get('content-security-policy') };
    };
    const before = await page(EDITED_URL);
    expect(before.status).toBe(200);
    expect(before.text).toContain(OLD_TITLE);
    expect(before.csp).toContain('script-src');
    expect((await page(`/news/${BROKEN_SLUG}/`)).text).toContain(BROKEN_TITLE);

    // An invalid article (no title) and an edit that must not reach the live site with it.
    edit(BROKEN, (text) => text.replace(/^title:.*$/m, ''));
    edit(EDITED, (text) => text.replace(`title: "${OLD_TITLE}"`, `title: "${NEW_TITLE}"`));
    const failing = publish();
    let finished = false;
    void failing.then(() => (finished = true));
    let checks = 0;
    while (!finished) {
      const during = await page(EDITED_URL);
      expect(during.status).toBe(200);
      expect(during.text).toContain(OLD_TITLE);
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const failed = await failing;
    expect(checks).toBeGreaterThan(0);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('Content feed "embedded:demo/news"');
    expect(failed.output).toContain(BROKEN_SLUG);
    expect(failed.output).toContain('nothing was published, the live site is unchanged');
    expect(live()).toBe(firstBuild);
    expect(readdirSync(path.join(site, 'builds'))).toEqual([path.basename(firstBuild)]);
    const after = await page(EDITED_URL);
    expect(after.text).toContain(OLD_TITLE);
    expect(after.text).not.toContain(NEW_TITLE);
    expect((await page(`/news/${BROKEN_SLUG}/`)).text).toContain(BROKEN_TITLE);

    // The feed fixed: the next publish is served by the same app at once.
    writeFileSync(path.join(data, BROKEN), readFileSync(path.join('data', BROKEN), 'utf8'));
    const fixed = await publish();
    expect(fixed.code).toBe(0);
    // Incremental (src/integrations/renderPlan.ts): unchanged news pages came from the live build.
    // (When the project's code changed between the two publishes everything is rendered again.)
    expect(fixed.output).toMatch(/rendered \d+ of \d+ planned pages; \d+ reused from .*builds\//);
    expect(live()).not.toBe(firstBuild);
    expect(existsSync(path.join(site, firstBuild))).toBe(true);
    const swapped = await page(EDITED_URL);
    expect(swapped.status).toBe(200);
    expect(swapped.text).toContain(NEW_TITLE);
    expect(swapped.csp).toContain('script-src');
    expect((await page('/no-such-page/')).status).toBe(404);
  }, 900_000);
});
