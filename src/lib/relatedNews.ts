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

/** Picks the related articles of one article of the archive the index was built from. */
export type RelatedNewsLookup<T> = (article: RelatableArticle) => T[];

interface Candidate<T> {
  item: T;
  slug: string;
  time: number;
  /** Position in the input: the earlier wins when shared categories and dates are equal. */
  order: number;
}

/**
 * Builds a lookup that returns, for any article, up to `quantity` (4) other articles: first
 * those sharing the most categories with it, newest first among equals (the earlier in `all`
 * on a tie), then — if fewer share one — the newest others, so the row is full whenever the
 * site has enough news. `all` may be in any order; the article itself is skipped (by slug).
 *
 * Cost: O(n log n) once, then O(g · quantity) per article, g the number of distinct category
 * combinations: only the newest `quantity + 1` of each combination can be chosen.
 */
export function relatedNewsIndex<T extends RelatableArticle>(all: readonly T[], quantity: number = RELATED_NEWS_QUANTITY): RelatedNewsLookup<T> {
  const size = Math.max(0, Math.floor(quantity));
  const groups = new Map<string, { categories: string[]; members: Candidate<T>[] }>();
  all.forEach((item, order) => {
    const categories = [...new Set(item.categories)].sort();
    const key = categories.join('\u0000');
    const group = groups.get(key) ?? { categories, members: [] };
    group.members.push({ item, slug: item.slug, time: Date.parse(item.published_date), order });
    groups.set(key, group);
  });
  const newestFirst = (x: Candidate<T>, y: Candidate<T>) => y.time - x.time || x.order - y.order;
  // Keep the newest size + 1 of each combination: one may be the article itself.
  const shortlists = [...groups.values()].map(({ categories, members }) => ({ categories, members: members.sort(newestFirst).slice(0, size + 1) }));

  return (article) => {
    if (size === 0) return [];
    const mine = new Set(article.categories);
    const scored: { candidate: Candidate<T>; shared: number }[] = [];
    for (const { categories, members } of shortlists) {
      let shared = 0;
      for (const c of categories) if (mine.has(c)) shared += 1;
      for (const candidate of members) if (candidate.slug !== article.slug) scored.push({ candidate, shared });
    }
    scored.sort((x, y) => y.shared - x.shared || newestFirst(x.candidate, y.candidate));
    return scored.slice(0, size).map(({ candidate }) => candidate.item);
  };
}

/**
 * The related articles of one article (see {@link relatedNewsIndex} for the rule). For many
 * articles of the same archive, build the index once instead.
 */
export function relatedArticles<T extends RelatableArticle>(article: RelatableArticle, all: readonly T[], quantity: number = RELATED_NEWS_QUANTITY): T[] {
  return relatedNewsIndex(all, quantity)(article);
}

/**
 * The name of an article's related-news row: its distinct categories, sorted, joined by '_'
 * (category slugs never contain one): ['news', 'academy', 'news'] → 'academy_news'. Articles with
 * the same categories share a row (src/lib/pageAssembly.ts, related fragments).
 */
export function relatedRowKey(categories: readonly string[]): string {
  return [...new Set(categories)].sort().join('_');
}

/**
 * Every related-news row of the archive, by {@link relatedRowKey}: for each distinct category set
 * of `all`, the `quantity + 1` (5) articles an article with those categories would be shown before
 * skipping itself. An article's own related news ({@link relatedNewsIndex}) are therefore the
 * first `quantity` of its row that are not itself: the rule of spec §9 "Related news quantity 4",
 * kept in one place (the tests check the two agree on whole archives).
 */
export function relatedNewsRows<T extends RelatableArticle>(all: readonly T[], quantity: number = RELATED_NEWS_QUANTITY): Map<string, T[]> {
  const size = Math.max(0, Math.floor(quantity));
  const rowOf = relatedNewsIndex(all, size + 1);
  const rows = new Map<string, T[]>();
  for (const article of all) {
    const key = relatedRowKey(article.categories);
    // No article has the empty slug: nothing is skipped, so the row holds size + 1.
    if (!rows.has(key)) rows.set(key, rowOf({ slug: '', categories: article.categories, published_date: article.published_date }));
  }
  return rows;
}
