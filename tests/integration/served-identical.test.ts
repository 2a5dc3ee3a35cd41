/**
 * scripts/quality/served-identical.mjs: the check behind "every URL keeps answering with the same
 * HTML" (docs/publishing.md "Includes"). Two tiny builds: a reference with the cards in
 * the page, and a build with a directive and its fragment.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'terrace-served-identical-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CARD = (slug: string) => `<article><a href="/news/${slug}">${slug}</a></article>`;
const PAGE = (cards: string) =>
  `<!doctype html><title>A</title><script src="/_astro/client.AbCdEf12.js"></script><script type="module" src="/_astro/DefaultLayout.astro_astro_type_script_index_0_lang.Qw3rTy45.js"></script><astro-island uid="x1"></astro-island><div>${cards}</div>`;

function build(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function compare(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/quality/served-identical.mjs', ...args]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const reference = build('reference', { 'news/a/index.html': PAGE(CARD('b')), 'index.html': PAGE('') });
const fragment = `<!--terrace:item a-->${CARD('a')}<!--terrace:item b-->${CARD('b')}<!--terrace:end-->`;
const directive = '<!--terrace:related /_fragments/related/r/ skip=a take=1-->';

describe('served-identical', () => {
  it('passes a build whose assembled pages equal the reference, fragments aside', async () => {
    const same = build('same', { 'news/a/index.html': PAGE(directive), 'index.html': PAGE(''), '_fragments/related/r/index.html': fragment });
    const { code, output } = await compare(reference, same);
    expect(output).toContain('2 reference page(s), 1 assembled from fragments, 0 difference(s)');
    expect(code).toBe(0);
  });

  it('names a page whose assembled HTML differs, and a page missing or added', async () => {
    const other = build('other', {
      'news/a/index.html': PAGE(directive),
      'extra/index.html': PAGE(''),
      '_fragments/related/r/index.html': fragment.replace(CARD('b'), CARD('c')),
    });
    const { code, output } = await compare(reference, other);
    expect(code).toBe(1);
    expect(output).toMatch(/news\/a\/index\.html: differs at character/);
    expect(output).toContain('index.html: missing');
    expect(output).toContain('extra/index.html: not in the reference');
  });

  it('compares bundle names without their hashes only when asked (names with dots too, as Astro names its scripts)', async () => {
    const rehashed = build('rehashed', {
      'news/a/index.html': PAGE(CARD('b')).replace('AbCdEf12', 'Zz99Yy88').replace('Qw3rTy45', 'Pp00Oo11').replace('uid="x1"', 'uid="y2"'),
      'index.html': PAGE(''),
    });
    expect((await compare(reference, rehashed)).code).toBe(1);
    expect((await compare('--ignore-bundle-names', reference, rehashed)).code).toBe(0);
  });
});
