/**
 * The sitemap reads only a page's head (src/integrations/publicSitemap.ts readDocumentHead): what it
 * returns must decide every page as the whole file would (src/lib/sitemap.ts sitemapUrl), however
 * the head falls across the reads.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocumentHead } from '../../src/integrations/publicSitemap';
import { documentHead, sitemapUrl } from '../../src/lib/sitemap';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitemap-head-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CHUNK = 32 * 1024;
/** A page whose `</head>` starts `offset` bytes in, its head padded with a style of 'é' (2 bytes each) or ASCII. */
function page(offset: number, head: string, filler: 'ascii' | 'accented'): string {
  const start = `<!doctype html><html lang="en"><head>${head}<style>`;
  const close = '</style>';
  const room = offset - Buffer.byteLength(start) - Buffer.byteLength(close);
  const fill = filler === 'ascii' ? 'a'.repeat(room) : `${'é'.repeat(Math.floor(room / 2))}${room % 2 ? 'a' : ''}`;
  return `${start}${fill}${close}</head><body><p>${'body '.repeat(20_000)}</p></body></html>`;
}

describe('readDocumentHead', () => {
  const cases: [string, number, 'ascii' | 'accented'][] = [
    ['in the first read', 9_000, 'ascii'],
    ['split across the first two reads', CHUNK - 3, 'ascii'],
    ['right after the first read', CHUNK, 'accented'],
    ['in the third read, after multi-byte characters', 2 * CHUNK + 11, 'accented'],
  ];
  for (const [name, offset, filler] of cases) {
    it(`returns the page up to its </head> ${name}`, async () => {
      const file = path.join(dir, `${offset}.html`);
      const html = page(offset, '<meta name="robots" content="noindex">', filler);
      await writeFile(file, html);
      const head = readDocumentHead(file);
      expect(Buffer.byteLength(head)).toBe(offset + '</head>'.length);
      expect(html.startsWith(head)).toBe(true);
      expect(documentHead(head)).toBe(documentHead(html));
      expect(sitemapUrl('https://x.test/a/', head)).toBe(sitemapUrl('https://x.test/a/', html));
    });
  }

  it('returns the whole file when it has no </head>, and an upper-case </HEAD> ends the head too', async () => {
    const none = path.join(dir, 'none.html');
    const text = `<p>${'x'.repeat(3 * CHUNK)}</p>`;
    await writeFile(none, text);
    expect(readDocumentHead(none)).toBe(text);
    const upper = path.join(dir, 'upper.html');
    await writeFile(upper, '<HTML><HEAD><link rel="canonical" href="https://x.test/b"></HEAD ><BODY>b</BODY></HTML>');
    expect(readDocumentHead(upper)).toBe('<HTML><HEAD><link rel="canonical" href="https://x.test/b"></HEAD >');
    expect(readDocumentHead(path.join(dir, 'none.html'))).toHaveLength(text.length);
  });
});
