/**
 * The search index of a full build, built while Astro renders (docs/publishing.md "Search at
 * scale"): a worker thread at the lowest CPU priority (./searchIndexWorker.ts) follows the planned
 * article pages (./searchPlan.ts) as Astro writes them (a page counts once it ends with `</html>`),
 * checks each record against the plan, and indexes each shard once its last article is read
 * (./searchIndex.ts indexShard), one shard at a time. {@link SearchStream.finish} reads the rest,
 * requires every planned article and no other, and lists each page's size and mtime for the
 * integration to check against the final files. Anything unexpected makes the outcome a reason,
 * and the index is built after the build instead — the same files, byte for byte.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatedPage, SearchShard } from '../lib/searchShards.ts';
import { WholeFileReader } from './wholeFileReader.ts';
import {
  articleFiles,
  articleForIndex,
  indexShard,
  planShards,
  searchRecord,
  writeShardList,
  type ArticleRecord,
  type BuildSearchResult,
} from './searchIndex.ts';

/** How long the follower waits before looking again for the next page (ms). */
const POLL_MS = 50;

/** Pages read in a row before the follower lets the rest of the worker run. */
const YIELD_EVERY = 200;

/** A page read: its size (bytes) and modification time (ms), to check it against the final file. */
export type ReadPage = [size: number, mtimeMs: number];

/** What {@link SearchStream.finish} found: the index and the pages read, or why it must be built after the build. */
export type StreamOutcome = { ok: true; result: BuildSearchResult; read: Record<string, ReadPage> } | { ok: false; reason: string };

export interface SearchStreamOptions {
  /** The build's output folder (absolute path). */
  site: string;
  /** Most articles per shard (SEARCH_SHARD_ARTICLES). */
  maxPerShard: number;
  log?: (message: string) => void;
}

/** A planned article page. */
interface PlannedPage {
  published: number;
  shard: number;
}

/** The search index of one full build, following the rendering (see the file header). */
export class SearchStream {
  readonly site: string;
  readonly #maxPerShard: number;
  readonly #log: (message: string) => void;
  readonly #decoder = new TextDecoder();
  /** Pages are read into one reused buffer (src/integrations/wholeFileReader.ts). */
  readonly #reader = new WholeFileReader();
  /** The planned pages in the order they render. */
  #order: DatedPage[] | undefined;
  #shards: SearchShard[] = [];
  readonly #planned = new Map<string, PlannedPage>();
  /** Articles still to read, per shard. */
  #waiting: number[] = [];
  readonly #records = new Map<string, ArticleRecord>();
  /** Indexed parts of the articles of shards not indexed yet (page → part, UTF-8: half the memory of a string, off the small heap). */
  readonly #parts = new Map<string, Buffer>();
  readonly #read: Record<string, ReadPage> = {};
  #queue: Promise<void> = Promise.resolve();
  #following: Promise<void> | undefined;
  #rendered = false;
  #failure: string | undefined;
  #indexed = 0;

  constructor(options: SearchStreamOptions) {
    this.site = options.site;
    this.#maxPerShard = options.maxPerShard;
    this.#log = options.log ?? (() => {});
  }

  /** Why the stream gave up, if it did. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /**
   * The article pages of this build with their publication times (ms), each `path` an output file
   * like `news/<slug>/index.html`, in the order they render; starts following the rendering.
   * Called once per getStaticPaths of the news route: the same plan again is fine, another is not.
   */
  plan(pages: readonly DatedPage[]): void {
    if (this.#failure) return;
    if (this.#order) {
      const same =
        this.#order.length === pages.length && pages.every((p, i) => p.path === this.#order?.[i]?.path && p.published === this.#order?.[i]?.published);
      if (!same) this.#fail('the news route planned its articles twice, differently');
      return;
    }
    this.#order = [...pages];
    try {
      this.#shards = planShards(pages, this.#maxPerShard);
    } catch (error) {
      this.#fail(message(error));
      return;
    }
    const published = new Map(pages.map((page) => [page.path, page.published]));
    this.#shards.forEach((shard, index) => {
      for (const page of shard.pages) this.#planned.set(page, { published: published.get(page) ?? NaN, shard: index });
    });
    if (this.#planned.size !== pages.length) return this.#fail(`the news route planned ${pages.length} article pages for ${this.#planned.size} files`);
    this.#waiting = this.#shards.map((shard) => shard.pages.length);
    this.#following = this.#follow();
  }

  /**
   * Once Astro has written every page: reads what is left, waits for the last shard, checks that
   * the index is complete and writes the shard list (see the file header). Never throws: a
   * problem is the outcome's reason.
   */
  async finish(): Promise<StreamOutcome> {
    this.#rendered = true;
    await this.#following;
    await this.#queue;
    if (this.#failure) return { ok: false, reason: this.#failure };
    if (!this.#order) return { ok: false, reason: 'the news route planned no articles (no getStaticPaths call reached the stream)' };
    try {
      // Every other page where articles are written must not be one (it would be missing from the index).
      let skipped = 0;
      for (const file of await articleFiles(this.site)) {
        if (this.#planned.has(file)) continue;
        if (searchRecord(await readFile(path.join(this.site, file), 'utf8'), file))
          return { ok: false, reason: `${file} is a search record the news route did not plan` };
        skipped += 1;
      }
      if (this.#planned.size === 0) await this.#indexShard(0); // no article: the one empty shard
      await writeShardList(this.site, this.#shards);
      return { ok: true, result: { shards: this.#shards.map((shard) => ({ ...shard, reused: false })), indexed: this.#indexed, skipped }, read: this.#read };
    } catch (error) {
      return { ok: false, reason: message(error) };
    }
  }

  #fail(reason: string): void {
    this.#failure ??= reason;
  }

  /** Reads the planned pages in render order as they are written, until all are read or the stream gives up. */
  async #follow(): Promise<void> {
    const order = this.#order ?? [];
    let next = 0;
    while (next < order.length && !this.#failure) {
      const rendered = this.#rendered; // read before looking: once set, every page is on disk
      const page = order[next];
      if (page && this.#take(page.path)) {
        next += 1;
        // Let the shard on its way to Pagefind move on while many pages are ready at once.
        if (next % YIELD_EVERY === 0) await sleep(0);
        continue;
      }
      if (rendered) {
        const missing = order.length - next;
        return this.#fail(`${missing} of ${order.length} planned article pages were not written, e.g. ${page?.path}`);
      }
      await sleep(POLL_MS);
    }
  }

  /** Reads one planned page if it is written: true once read (or the stream gave up), false to look again later. */
  #take(file: string): boolean {
    const planned = this.#planned.get(file);
    if (!planned) return true;
    const read = this.#readPage(path.join(this.site, file));
    if (!read) return false; // not written yet
    const { bytes, info } = read;
    if (bytes.length !== info.size || !endsDocument(bytes)) return false; // still being written
    let article: ReturnType<typeof articleForIndex>;
    try {
      article = articleForIndex(this.#decoder.decode(bytes), file);
    } catch (error) {
      this.#fail(message(error));
      return true;
    }
    if (!article) this.#fail(`${file} was planned as an article but is not marked data-pagefind-body`);
    else if (article.record.published !== planned.published)
      this.#fail(`${file} says it was published at ${article.record.published}, the plan ${planned.published}`);
    if (!article || this.#failure) return true;
    this.#records.set(file, article.record);
    this.#parts.set(file, Buffer.from(article.part, 'utf8'));
    this.#read[file] = [info.size, info.mtimeMs];
    const left = (this.#waiting[planned.shard] ?? 0) - 1;
    this.#waiting[planned.shard] = left;
    if (left === 0) this.#enqueue(planned.shard);
    return true;
  }

  /**
   * A page's bytes (a view of the reader's buffer, valid until the next read) and its stat, or
   * undefined when it is not there yet. Synchronous, on this (low-priority) thread: asynchronous
   * reads would queue on the thread pool that writes Astro's pages.
   */
  #readPage(file: string): ReturnType<WholeFileReader['read']> | undefined {
    try {
      return this.#reader.read(file);
    } catch {
      return undefined;
    }
  }

  /** Indexes a shard once the ones before it in the queue are done, unless the stream gave up. */
  #enqueue(index: number): void {
    this.#queue = this.#queue.then(async () => {
      if (this.#failure) return;
      try {
        await this.#indexShard(index);
      } catch (error) {
        this.#fail(message(error));
      }
    });
  }

  async #indexShard(index: number): Promise<void> {
    const shard = this.#shards[index];
    if (!shard) return;
    await indexShard(this.site, shard, this.#records, this.#log, this.#parts);
    for (const page of shard.pages) this.#parts.delete(page);
    this.#indexed += shard.pages.length;
  }
}

/** Whether a page's bytes end with its `</html>` (then Astro has written all of it), whitespace after it allowed. */
function endsDocument(bytes: Buffer): boolean {
  const tail = bytes
    .subarray(Math.max(0, bytes.length - 32))
    .toString('latin1')
    .trimEnd();
  return tail.toLowerCase().endsWith('</html>');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
