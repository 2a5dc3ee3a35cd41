/**
 * The HTML check end to end (npm run quality:html): runs
 * scripts/quality/html-check.mjs — the Nu Html Checker on Java — over small build folders. A
 * valid page with Astro's island <style> in <body> passes; the mistakes the real build once had
 * (a <script> after </html>, aria-expanded next to command, aria-label on a plain <span>, a
 * skipped heading level, x descriptors next to sizes) each fail it, grouped by message.
 * Needs `java` (Debian default-jre-headless, installed by .ci/run).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'terrace-html-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const page = (body: string, after = '') =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Test</title></head><body>${body}</body></html>${after}`;

/** A valid page as Astro writes it: the island style in <body>, not the first child. */
const VALID = page(
  '<h1>Club</h1><ul><li>x</li></ul><style>astro-island,astro-slot,astro-static-slot{display:contents}</style><astro-island><p>island</p></astro-island>',
);

const MISTAKES = {
  'script-after-html.html': page('<h1>News</h1>', '<script type="module">console.log(1)</script>'),
  'expanded-command.html': page(
    '<h1>x</h1><button type="button" aria-expanded="false" commandfor="m" command="show-modal">Menu</button><dialog id="m"><p>menu</p></dialog>',
  ),
  'span-label.html': page('<h1>x</h1><span aria-label="Stoke City 4, Rotherham United 1">4–1</span>'),
  'heading-skip.html': page('<h1>x</h1><h3>card</h3>'),
  'srcset-sizes.html': page('<h1>x</h1><img src="/a.svg" srcset="/a.svg 1x, /b.svg 2x" sizes="100vw" width="10" height="10" alt="">'),
};

/** Writes `files` into a fresh build folder and runs the check on it. */
async function check(name: string, files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dist = path.join(work, name);
  mkdirSync(dist, { recursive: true });
  for (const [file, html] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), html);
  }
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/quality/html-check.mjs'], {
      env: { ...process.env, QUALITY_DIST: dist },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('npm run quality:html', () => {
  it('passes a valid build, allowing only the Astro island <style>', async () => {
    const { code, output } = await check('valid', { 'index.html': VALID, 'sub.html': VALID });
    expect(output).toContain('errors: 0 in 0 page(s); allowed: 2 × Astro island <style> in <body> (2 page(s))');
    expect(output).toContain('HTML check passed');
    expect(code).toBe(0);
  }, 60_000);

  it('fails on each mistake, grouped by message with the page named', async () => {
    const { code, output } = await check('mistakes', { 'index.html': VALID, ...MISTAKES });
    expect(code).toBe(1);
    expect(output).toContain('HTML check failed');
    expect(output).toMatch(/1 × Stray start tag “script”\.\s+\[1 page\(s\)\]\s+e\.g\. \/script-after-html\.html/);
    expect(output).toMatch(
      /1 × The “aria-expanded” attribute must not be used on any element which has a “command” attribute\..*\s+e\.g\. \/expanded-command\.html/,
    );
    expect(output).toMatch(/1 × The “aria-label” attribute must not be specified on any “span” element.*\s+e\.g\. \/span-label\.html/);
    expect(output).toMatch(/1 × The heading “h3” .* skipping 1 heading level\..*\s+e\.g\. \/heading-skip\.html/);
    expect(output).toMatch(/1 × Bad value “…” for attribute “srcset” on element “img”.*\s+e\.g\. \/srcset-sizes\.html/);
  }, 60_000);

  it('checks a page as served, assembled from its fragments, and not the fragments alone (src/lib/pageAssembly.ts)', async () => {
    const { code, output } = await check('assembled', {
      'index.html': VALID,
      // Valid as built; the card put in from the fragment skips a heading level.
      'assembled.html': page('<h1>x</h1><div><!--terrace:related /_fragments/related/r/ skip=a take=1--></div>'),
      '_fragments/related/r/index.html': '<!--terrace:item b--><h3>card</h3><!--terrace:end-->',
    });
    expect(code).toBe(1);
    expect(output).toContain('HTML check (Nu Html Checker');
    expect(output).toMatch(/2 page\(s\) in/);
    expect(output).toMatch(/1 × The heading “h3” .* skipping 1 heading level\..*\s+e\.g\. \/assembled\.html/);
  }, 60_000);

  it('refuses to pass when there is no build to check', async () => {
    const { code, output } = await check('empty', {});
    expect(code).toBe(2);
    expect(output).toContain('index.html not found');
  }, 60_000);
});
