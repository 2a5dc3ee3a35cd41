/**
 * A shard's count index (src/integrations/searchCountIndex.ts): the transform of Pagefind's
 * metadata, its file codec, and the refusal of a layout it does not know.
 */
import { gzipSync } from 'node:zlib';
import { encode } from 'cbor2';
import { describe, expect, it } from 'vitest';
import { countMeta, readMeta, writeMeta, type PagefindMeta } from '../../src/integrations/searchCountIndex';

/** Pagefind 1.6 metadata of four pages, page 2 being the sort anchor (the date order's first). */
const META: PagefindMeta = [
  '1.6.0',
  [
    ['en_aaaaaaa', 320, ''],
    ['en_bbbbbbb', 290, ''],
    ['en_ccccccc', 1, ''],
    ['en_ddddddd', 305, ''],
  ],
  [
    ['00', 'ki', 'en_1111111'],
    ['kick', 'zz', 'en_2222222'],
  ],
  [['category', 'en_3333333']],
  [['date', [2, 0, 3, 1]]],
  ['category', 'date', 'title'],
];

describe('countMeta', () => {
  it('tags every page with the shard, the anchor apart, and names the shard’s own chunks', () => {
    expect(countMeta(META, '2024-01')).toEqual([
      '1.6.0',
      [
        ['count_2024-01', 1, ''],
        ['count_2024-01', 1, ''],
        ['count_anchor', 1, ''],
        ['count_2024-01', 1, ''],
      ],
      [
        ['00', 'ki', '../../index/en_1111111'],
        ['kick', 'zz', '../../index/en_2222222'],
      ],
      [['category', '../../filter/en_3333333']],
      [],
      ['category', 'date', 'title'],
    ]);
  });

  it('takes no page for the anchor without a date order', () => {
    const [, pages] = countMeta([META[0], META[1], META[2], META[3], [], META[5]], '2024-01');
    expect(pages.every(([tag]) => tag === 'count_2024-01')).toBe(true);
  });

  it('refuses a chunk name that is not a plain hash', () => {
    expect(() => countMeta([META[0], META[1], [['00', 'zz', '../x']], META[3], META[4], META[5]], '2024-01')).toThrow(/index chunk '\.\.\/x'/);
  });

  it('is far smaller than the metadata it counts for', () => {
    const pages = Array.from({ length: 5000 }, (_, i): [string, number, string] => [
      `en_${(i * 2654435761).toString(16).slice(-7)}`,
      250 + ((i * 37) % 200),
      '',
    ]);
    const order = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    const big: PagefindMeta = [META[0], pages, META[2], META[3], [['date', order]], META[5]];
    expect(writeMeta(countMeta(big, '2024-01')).length).toBeLessThan(writeMeta(big).length / 10);
  });
});

describe('readMeta and writeMeta', () => {
  it('read back what they write, as Pagefind frames it', () => {
    const bytes = writeMeta(META);
    expect(readMeta(bytes, 'x.pf_meta')).toEqual(META);
  });

  it('refuse a file that is not Pagefind metadata, naming it', () => {
    expect(() => readMeta(gzipSync(Buffer.from('hello')), 'shard/x.pf_meta')).toThrow(/shard\/x\.pf_meta: not a Pagefind index file/);
  });

  it('refuse another layout (another Pagefind version), naming the file', () => {
    const other = gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), encode(['2.0.0', META[1], META[2]])]));
    expect(() => readMeta(other, 'shard/y.pf_meta')).toThrow(/shard\/y\.pf_meta: Pagefind's metadata layout/);
  });
});
