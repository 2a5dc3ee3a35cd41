/**
 * A search shard's count index, `pagefind/<shard>/count/` (COUNT_INDEX_FOLDER;
 * docs/publishing.md "Search at scale"): the shard's Pagefind metadata with what varies per page
 * made constant — every page hash the shard's tag (countTag, the sort anchor COUNT_ANCHOR_TAG),
 * every word count 1, no sort orders — and chunks named `../../index/<hash>` and
 * `../../filter/<hash>`, so it finds exactly the pages the shard's index finds, from the shard's
 * own chunks, at ~2 KB instead of the whole metadata.
 * The metadata is Pagefind 1.6's CBOR layout, checked with zod; another layout fails the build
 * naming the Pagefind version.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { decode, encode } from 'cbor2';
import { z } from 'zod';
import { COUNT_ANCHOR_TAG, COUNT_INDEX_FOLDER, countTag } from '../lib/searchShards.ts';

/** Pagefind's marker at the start of every decompressed index file. */
const SIGNATURE = Buffer.from('pagefind_dcd');

/** Pagefind 1.6's metadata: version, pages [hash, word count, ''], index chunks, filter chunks, sort orders, meta fields. */
const metaSchema = z.tuple([
  z.string().regex(/^1\./),
  z.array(z.tuple([z.string(), z.number().int().nonnegative(), z.string()])),
  z.array(z.tuple([z.string(), z.string(), z.string()])),
  z.array(z.tuple([z.string(), z.string()])),
  z.array(z.tuple([z.string(), z.array(z.number().int().nonnegative())])),
  z.array(z.string()),
]);
export type PagefindMeta = z.infer<typeof metaSchema>;

const entrySchema = z.looseObject({
  version: z.string(),
  languages: z.record(z.string(), z.looseObject({ hash: z.string().regex(/^[\w-]+$/), page_count: z.number() })),
});

/** A chunk of the shard, as named from its count index's folder; throws on a name that is not a plain hash. */
function shardChunk(folder: 'index' | 'filter', hash: string): string {
  if (!/^[\w-]+$/.test(hash)) throw new Error(`Pagefind ${folder} chunk '${hash}' is not a plain hash`);
  return `../../${folder}/${hash}`;
}

/**
 * The count metadata of shard `name` from its Pagefind metadata (see the file header). The sort
 * anchor is the first page of the 'date' order (rank 0, src/integrations/searchIndex.ts); without
 * that order no page is taken for the anchor. Throws on a chunk name that is not a plain hash.
 */
export function countMeta(meta: PagefindMeta, name: string): PagefindMeta {
  const [version, pages, chunks, filters, sorts, fields] = meta;
  const anchor = sorts.find(([sort]) => sort === 'date')?.[1][0];
  const tag = countTag(name);
  return [
    version,
    pages.map(([, , extra], i) => [i === anchor ? COUNT_ANCHOR_TAG : tag, 1, extra]),
    chunks.map(([from, to, hash]) => [from, to, shardChunk('index', hash)]),
    filters.map(([filter, hash]) => [filter, shardChunk('filter', hash)]),
    [],
    fields,
  ];
}

/** Decodes a `.pf_meta` file (gzip, signature, CBOR); throws naming the file when it is not Pagefind 1.6's layout. */
export function readMeta(bytes: Buffer, file: string): PagefindMeta {
  const plain = gunzipSync(bytes);
  if (!plain.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error(`${file}: not a Pagefind index file`);
  const parsed = metaSchema.safeParse(decode(plain.subarray(SIGNATURE.length)));
  if (!parsed.success) throw new Error(`${file}: Pagefind's metadata layout is not the one the count index knows (Pagefind 1.6): ${parsed.error.message}`);
  return parsed.data;
}

/** Encodes metadata as Pagefind writes it (signature, CBOR, gzip). */
export function writeMeta(meta: PagefindMeta): Buffer {
  return gzipSync(Buffer.concat([SIGNATURE, encode(meta)]), { level: 9 });
}

/**
 * Writes shard `name`'s count index into `<shardDir>/count/` from the Pagefind index in `shardDir`:
 * `pagefind-entry.json` (Pagefind's, naming the count metadata) and `pagefind.<hash>.pf_meta`.
 * Throws when the shard's entry or metadata is missing or not understood.
 */
export async function writeCountIndex(shardDir: string, name: string): Promise<void> {
  const entryFile = path.join(shardDir, 'pagefind-entry.json');
  const entry = entrySchema.parse(JSON.parse(await readFile(entryFile, 'utf8')));
  const out = path.join(shardDir, COUNT_INDEX_FOLDER);
  await mkdir(out, { recursive: true });
  const languages: Record<string, z.infer<typeof entrySchema>['languages'][string]> = {};
  for (const [language, index] of Object.entries(entry.languages)) {
    const file = path.join(shardDir, `pagefind.${index.hash}.pf_meta`);
    const bytes = writeMeta(countMeta(readMeta(await readFile(file), file), name));
    const hash = `${language}_count_${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}`;
    await writeFile(path.join(out, `pagefind.${hash}.pf_meta`), bytes);
    languages[language] = { ...index, hash };
  }
  await writeFile(path.join(out, 'pagefind-entry.json'), JSON.stringify({ ...entry, languages }));
}
