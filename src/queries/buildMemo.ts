/**
 * Remembers a content query's result for the rest of a production build, where collections do
 * not change once loaded: a query that sorts or indexes a whole collection then runs once, not
 * once per page (a 30,000-article archive has hundreds of match pages that list related news).
 * In `astro dev` (import.meta.env.DEV) content can change between requests, so it calls through.
 * A failed query is not remembered: the next caller runs it again.
 *
 * The remembered value is shared by every caller: treat it as read-only (copy before sorting).
 */

/**
 * The result remembered in `cache` under `key`, else `query()`'s, remembered for the rest of the
 * build (see the file header for dev and failures). For results that differ by key, e.g. the
 * HTML of each page-independent part (src/queries/renderOnce.ts).
 */
export function rememberForBuild<K, T>(cache: Map<K, Promise<T>>, key: K, query: () => Promise<T>): Promise<T> {
  if (import.meta.env.DEV) return query();
  let remembered = cache.get(key);
  if (!remembered) {
    remembered = query().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, remembered);
  }
  return remembered;
}

/** `query` remembered for the rest of the build ({@link rememberForBuild} with one key). */
export function memoizeForBuild<T>(query: () => Promise<T>): () => Promise<T> {
  const cache = new Map<'result', Promise<T>>();
  return () => rememberForBuild(cache, 'result', query);
}
