/**
 * Remembers a content query's result for the rest of a production build, where collections do
 * not change once loaded: a query that sorts or indexes a whole collection then runs once, not
 * once per page (a 30,000-article archive has hundreds of match pages that list related news).
 * In `astro dev` (import.meta.env.DEV) content can change between requests, so it calls through.
 *
 * The remembered value is shared by every caller: treat it as read-only (copy before sorting).
 */
export function memoizeForBuild<T>(query: () => Promise<T>): () => Promise<T> {
  let remembered: Promise<T> | undefined;
  return () => {
    if (import.meta.env.DEV) return query();
    remembered ??= query().catch((error: unknown) => {
      remembered = undefined;
      throw error;
    });
    return remembered;
  };
}
