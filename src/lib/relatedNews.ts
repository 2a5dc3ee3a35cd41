/**
 * Related news under an article (spec §9 "Related news quantity 4").
 */
import { RELATED_NEWS_QUANTITY } from './constants';

/** What the choice needs to know about an article. */
export interface RelatableArticle {
  slug: string;
  categories: readonly string[];
  published_date: string;
}

/**
 * Up to `quantity` (4) other articles: first those sharing the most categories with `article`,
 * newest first among equals, then — if fewer share one — the newest others, so the row is full
 * whenever the site has enough news. `all` may be in any order; the article itself is skipped.
 */
export function relatedArticles<T extends RelatableArticle>(article: RelatableArticle, all: readonly T[], quantity: number = RELATED_NEWS_QUANTITY): T[] {
  const size = Math.max(0, quantity);
  if (size === 0) return [];
  const mine = new Set(article.categories);
  // One pass keeping the best `size` candidates (a sorted short list): linear in the archive, so
  // a 30,000-article build does not spend O(n² log n) here.
  const best: { a: T; shared: number; time: number }[] = [];
  const better = (x: { shared: number; time: number }, y: { shared: number; time: number }) => x.shared > y.shared || (x.shared === y.shared && x.time > y.time);
  for (const a of all) {
    if (a.slug === article.slug) continue;
    let shared = 0;
    for (const c of a.categories) if (mine.has(c)) shared += 1;
    const candidate = { a, shared, time: Date.parse(a.published_date) };
    if (best.length === size && !better(candidate, best[size - 1]!)) continue;
    let at = best.length;
    while (at > 0 && better(candidate, best[at - 1]!)) at -= 1;
    best.splice(at, 0, candidate);
    if (best.length > size) best.pop();
  }
  return best.map(({ a }) => a);
}
