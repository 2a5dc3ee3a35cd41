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
  const mine = new Set(article.categories);
  const shared = (a: RelatableArticle) => a.categories.filter((c) => mine.has(c)).length;
  const time = (a: RelatableArticle) => Date.parse(a.published_date);
  return all
    .filter((a) => a.slug !== article.slug)
    .map((a) => ({ a, shared: shared(a), time: time(a) }))
    .sort((x, y) => y.shared - x.shared || y.time - x.time)
    .slice(0, Math.max(0, quantity))
    .map(({ a }) => a);
}
