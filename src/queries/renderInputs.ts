/**
 * The content half of the incremental build's site key (src/integrations/renderPlan.ts): a digest
 * of every content collection except the news (each news page lists its own articles as inputs)
 * and the clock (a page sees the clock only through the as-of instant handed to the browser,
 * which is included). Computed once per build.
 */
import { getCollection } from 'astro:content';
import { createHash } from 'node:crypto';
import { collections } from '../content.config';
import { getBrowserAsOf } from './clock';
import { memoizeForBuild } from './buildMemo';
import { siteKey } from '../integrations/renderPlan';

type CollectionName = keyof typeof collections;

/** Collections whose entries are inputs of one page at a time, not of the whole site. */
const PER_PAGE: readonly CollectionName[] = ['news', 'clock'];

const siteContentDigest = memoizeForBuild(async (): Promise<string> => {
  const hash = createHash('sha256');
  const names = (Object.keys(collections) as CollectionName[]).filter((name) => !PER_PAGE.includes(name)).sort();
  for (const name of names) {
    const entries = await getCollection(name);
    hash.update(`${name}\0${JSON.stringify(entries)}\0`);
  }
  hash.update(`asOf\0${(await getBrowserAsOf()) ?? ''}`);
  return hash.digest('hex');
});

/** The site key of this build: code, environment and every collection but the news (see renderPlan). */
export function renderSiteKey(): Promise<string> {
  return siteKey(siteContentDigest);
}
