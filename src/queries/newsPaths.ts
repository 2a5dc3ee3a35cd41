import { formatDate, londonDateParts } from '../lib/dates';
import type { NewsEntry } from './news';

/** A news URL below /news and what it shows. */
export type NewsPath = { path: string; kind: 'article'; article: NewsEntry } | { path: string; kind: 'archive'; label: string; articles: NewsEntry[] };

/**
 * Every pre-rendered URL of the news route family (spec §2: /news/:slug, /news/:year/:slug?,
 * /news/:year/:month?/:slug?, /news/:year/:month?/:day?/:slug?): the canonical article at
 * /news/:slug and the date-only variants listing that period's articles (legacy news). The dated
 * variants with a slug are not pages: netlify.toml redirects them to /news/:slug (one rule per
 * shape, not three files per article).
 */
export function newsPaths(articles: NewsEntry[]): NewsPath[] {
  const paths: NewsPath[] = [];
  const periods = new Map<string, { label: string; articles: NewsEntry[] }>();
  for (const article of articles) {
    const slug = article.data.slug;
    const { year, month, day } = londonDateParts(article.data.published_date);
    paths.push({ path: slug, kind: 'article', article });
    const labels: [string, string][] = [
      [year, year],
      [`${year}/${month}`, formatDate(article.data.published_date, 'MMMM YYYY')],
      [`${year}/${month}/${day}`, formatDate(article.data.published_date, 'D MMMM YYYY')],
    ];
    for (const [key, label] of labels) {
      const period = periods.get(key) ?? { label, articles: [] };
      period.articles.push(article);
      periods.set(key, period);
    }
  }
  for (const [key, period] of periods) paths.push({ path: key, kind: 'archive', label: period.label, articles: period.articles });
  return paths;
}
