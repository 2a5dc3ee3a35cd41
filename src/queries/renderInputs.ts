/**
 * The content half of the incremental build's site key (src/integrations/renderPlan.ts): a digest
 * of every content collection except the news (each news page lists its own articles as inputs),
 * the fixtures data (an input of the pages that show fixtures) and the clock (a page sees the
 * clock only through the as-of instant handed to the browser, which is included; pages that read
 * it list it as an input). Computed once per build.
 */
import { getCollection } from 'astro:content';
import { createHash } from 'node:crypto';
import { collections } from '../content.config';
import { getBrowserAsOf } from './clock';
import { memoizeForBuild } from './buildMemo';
import { siteKey } from '../integrations/renderPlan';

type CollectionName = keyof typeof collections;

/**
 * Fixtures data: it changes all through a matchday (scores, events, tables) and only the match
 * centre and its calendar files among the planned pages read it (the news pages' components do
 * not), so it is their input ({@link fixturesDigest}) instead of everyone's.
 */
const FIXTURES: readonly CollectionName[] = ['matches', 'matchEvents', 'leagueTables'];

/** Collections whose entries are inputs of some pages only, not of the whole site. */
const PER_PAGE: readonly CollectionName[] = ['news', 'clock', ...FIXTURES];

async function digestOf(names: readonly CollectionName[]): Promise<string> {
  const hash = createHash('sha256');
  for (const name of [...names].sort()) hash.update(`${name}\0${JSON.stringify(await getCollection(name))}\0`);
  return hash.digest('hex');
}

const siteContentDigest = memoizeForBuild(async (): Promise<string> => {
  const names = (Object.keys(collections) as CollectionName[]).filter((name) => !PER_PAGE.includes(name));
  return `${await digestOf(names)}\0asOf\0${(await getBrowserAsOf()) ?? ''}`;
});

/**
 * Digest of the fixtures data (matches, match events, league tables): an input of every page
 * that shows fixtures and is planned (match centre, calendar files). Any change re-renders those.
 */
export const fixturesDigest: () => Promise<string> = memoizeForBuild(() => digestOf(FIXTURES));

/** The site key of this build: code, environment and every collection but the news (see renderPlan). */
export function renderSiteKey(): Promise<string> {
  return siteKey(siteContentDigest);
}
