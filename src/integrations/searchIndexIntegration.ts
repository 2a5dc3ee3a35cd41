/**
 * The search integration (astro.config.mjs): the Pagefind index of the news into
 * `<outDir>/pagefind/` (./searchIndex.ts; docs/publishing.md "Search at scale"). A full build
 * indexes while the pages render ({@link SearchStreamWorker}, article pages first with
 * {@link routeFirst}) and checks at the end that every page read is the final file; if the stream
 * gives up (logged), or with SEARCH_INDEX_WHILE_RENDERING=0 or INCREMENTAL_FROM, the index is built
 * after the build, reusing unchanged shards. A failed index fails the build.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration, AstroPrerenderer, PathWithRoute } from 'astro';
import { withoutTrailingSlash } from '../lib/routes.ts';
import type { DatedPage } from '../lib/searchShards.ts';
import { buildSearchIndex, shardCapFromEnv, type BuildSearchResult } from './searchIndex.ts';
import type { ReadPage, StreamOutcome } from './searchIndexStream.ts';
import type { SearchWorkerData, SearchWorkerRequest } from './searchIndexWorker.ts';
import { setSearchStream, type SearchStreamHandle } from './searchPlan.ts';

/** The worker's module. */
const WORKER = new URL('./searchIndexWorker.ts', import.meta.url);

/**
 * The worker's old-generation heap limit (MB): it holds every article's record (~10 MB at 30,000),
 * the page it is reading and the 100 pages on their way to Pagefind; the indexed parts waiting for
 * their shard (~23 MB a shard of 2,500) are buffers, outside this heap. (96 MB ran out with every
 * page of a shard sent to Pagefind at once.)
 */
const WORKER_HEAP_MB = 128;

/**
 * Whether this build indexes while rendering: a build (not `astro dev`), not incremental, and not
 * turned off with SEARCH_INDEX_WHILE_RENDERING=0.
 */
export function indexesWhileRendering(command: string, env: Record<string, string | undefined> = process.env): boolean {
  return command === 'build' && !env.INCREMENTAL_FROM && env.SEARCH_INDEX_WHILE_RENDERING !== '0';
}

/**
 * The search index built while rendering, in its worker thread (src/integrations/searchIndexWorker.ts).
 * `plan` passes the news route's plan on; `finish` ends it: the index, or why it must be built after the build.
 */
export class SearchStreamWorker implements SearchStreamHandle {
  readonly site: string;
  readonly #worker: Worker;
  readonly #outcome: Promise<StreamOutcome>;

  /**
   * @param data The build's output folder (absolute path) and most articles per shard.
   * @param log Receives a line for each shard indexed.
   */
  constructor(data: SearchWorkerData, log: (line: string) => void) {
    this.site = data.site;
    // A small heap: the worker keeps only each article's record, and the build's memory is
    // Astro's and Pagefind's (≤ 3 GB for the whole tree).
    this.#worker = new Worker(WORKER, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // A build that fails before build:done must not wait for the worker; finish() holds it again.
    this.#worker.unref();
    this.#outcome = new Promise<StreamOutcome>((resolve) => {
      this.#worker.on('message', (message: { type: 'log'; line: string } | { type: 'outcome'; outcome: StreamOutcome }) => {
        if (message.type === 'log') log(message.line);
        else resolve(message.outcome);
      });
      this.#worker.on('error', (error) => resolve({ ok: false, reason: `the search worker failed: ${error.message}` }));
      this.#worker.on('exit', (code) => resolve({ ok: false, reason: `the search worker ended (exit code ${code})` }));
    });
  }

  /** @inheritdoc */
  plan(pages: readonly DatedPage[]): void {
    this.#post({ type: 'plan', pages: [...pages] });
  }

  /**
   * Once Astro has written every page: the stream's outcome, after checking that every page it
   * read is the final file (same size and modification time). Ends the worker.
   */
  async finish(): Promise<StreamOutcome> {
    this.#worker.ref();
    this.#post({ type: 'finish' });
    const outcome = await this.#outcome;
    await this.#worker.terminate();
    if (!outcome.ok) return outcome;
    const changed = Object.entries(outcome.read).find(([file, page]) => !samePage(path.join(this.site, file), page));
    return changed ? { ok: false, reason: `${changed[0]} changed after the search index read it` } : outcome;
  }

  #post(request: SearchWorkerRequest): void {
    this.#worker.postMessage(request);
  }
}

/** Whether a file still has the size and modification time it had when read. */
function samePage(file: string, [size, mtimeMs]: ReadPage): boolean {
  try {
    const info = statSync(file);
    return info.size === size && info.mtimeMs === mtimeMs;
  } catch {
    return false;
  }
}

/** The route of the article pages (src/pages/news/[...path].astro), whose getStaticPaths plans the search index. */
export const ARTICLE_ROUTE = '/news/[...path]';

/**
 * The build's pages in the order a full build renders them: the article route's first, each route
 * keeping its own order, so that the search index's shards complete early and Pagefind indexes the
 * last of them while Astro renders the other ~57,000 pages of a 30,000-article site, instead of
 * after them (Astro renders routes in its own priority order, which put the articles after
 * /app/, /category/ and /match/, and ~12 s before the end). A pathname that more than one route
 * gives (Astro keeps the first and warns) keeps its place, so the same route wins it.
 * @param paths Astro's pages to render (`AstroPrerenderer.getStaticPaths`), in its order.
 * @param route The route to render first (its `route.route`, e.g. {@link ARTICLE_ROUTE}).
 * @returns The same entries, reordered.
 */
export function routeFirst<P extends Pick<PathWithRoute, 'pathname'> & { route: { route: string } }>(paths: readonly P[], route: string): P[] {
  const seen = new Map<string, number>();
  for (const { pathname } of paths) seen.set(withoutTrailingSlash(pathname), (seen.get(withoutTrailingSlash(pathname)) ?? 0) + 1);
  const first = (p: P) => p.route.route === route && seen.get(withoutTrailingSlash(p.pathname)) === 1;
  return [...paths.filter(first), ...paths.filter((p) => !first(p))];
}

/**
 * Astro's own prerenderer with its pages in {@link routeFirst} order (`setPrerenderer` of
 * `astro:build:start`, public API); rendering itself is Astro's.
 * @param base Astro's default prerenderer.
 */
export function articlesFirstPrerenderer(base: AstroPrerenderer): AstroPrerenderer {
  return {
    ...base,
    name: 'terrace:articles-first',
    getStaticPaths: async () => routeFirst(await base.getStaticPaths(), ARTICLE_ROUTE),
  };
}

/** The integration. */
export function searchIndex(): AstroIntegration {
  let streaming = false;
  let outDir = '';
  let stream: SearchStreamWorker | undefined;
  const lines: string[] = [];
  return {
    name: 'terrace:search-index',
    hooks: {
      'astro:config:setup': ({ command }) => {
        streaming = indexesWhileRendering(command);
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        // Shards finish while Astro prints its page list: their lines wait for build:done.
        lines.length = 0;
        if (streaming) setPrerenderer(articlesFirstPrerenderer);
        stream = streaming ? new SearchStreamWorker({ site: outDir, maxPerShard: shardCapFromEnv() }, (line) => lines.push(line)) : undefined;
        setSearchStream(stream);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const incrementalFrom = process.env.INCREMENTAL_FROM || undefined;
        if (incrementalFrom && !path.isAbsolute(incrementalFrom)) throw new Error(`INCREMENTAL_FROM must be an absolute path, not '${incrementalFrom}'`);
        let result: BuildSearchResult | undefined;
        let when = 'after the build';
        if (stream) {
          setSearchStream(undefined);
          const outcome = await stream.finish();
          for (const line of lines) logger.info(line);
          if (outcome.ok && path.resolve(stream.site) === path.resolve(site)) {
            result = outcome.result;
            when = 'while rendering';
          } else
            logger.warn(
              `search index not built while rendering (${outcome.ok ? `the output folder is ${site}, not ${stream.site}` : outcome.reason}): building it after the build`,
            );
          stream = undefined;
        }
        result ??= await buildSearchIndex({ site, incrementalFrom, log: (m) => logger.info(m) });
        const reused = result.shards.filter((s) => s.reused).length;
        logger.info(
          `Pagefind indexed ${result.indexed} of ${result.indexed + result.skipped} page(s) in ${result.shards.length} shard(s) (${reused} reused) ${when} into ${path.join(site, 'pagefind')}`,
        );
      },
    },
  };
}
