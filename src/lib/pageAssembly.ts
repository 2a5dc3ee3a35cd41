/**
 * Page assembly (docs/publishing.md "Includes"): the build writes the parts of a page that shift
 * with other articles, or repeat on thousands of pages, once as fragments under /_fragments/ and a
 * directive in the page; the server joins them on the way out (scripts/serve.mjs,
 * netlify/edge-functions/page-assembly.ts), so every URL answers the HTML a full render gives.
 * Directives: `<!--terrace:related <fragment> skip=<slug> take=<n>-->`, `<!--terrace:listing
 * <fragment> page=<p> size=<s>-->` (blocks counted from the oldest; {@link PAGE_COUNT_TOKEN} becomes
 * the page count), `<!--terrace:include <fragment>-->`. Fragments are `<!--terrace:item <slug>-->`
 * items ended by `<!--terrace:end-->`. Pure, runtime-neutral: fragments come from `read`.
 */

import { NEWS_GRID_EAGER_CARDS } from './constants.ts';
import { listingPageCount } from './newsListing.ts';
import { errorFallbackDocument } from './errorFallback.ts';

/** Starts every directive and item mark; a page without it is served as it is. */
export const ASSEMBLY_MARK = '<!--terrace:';
/** Where fragments live, in the site and in `dist/`. */
export const FRAGMENTS_ROOT = '/_fragments/';
/** Stands for the page count in a listing page ('page 5 of ⟨count⟩'); private-use characters. */
export const PAGE_COUNT_TOKEN = '\uE000pages\uE000';
/** Whether a site path ('/_fragments/news/3/') is a fragment: a part of pages, never a page of its own. */
export function isFragmentPath(pathname: string): boolean {
  return pathname.startsWith(FRAGMENTS_ROOT);
}

/**
 * The site's own server-error page (src/pages/500.astro, written at the output root): what a
 * visitor gets, with status 500 and never cached, when a page cannot be assembled.
 */
export const SERVER_ERROR_PAGE = '/500.html';
/**
 * The last-resort answer to a page that cannot be assembled, when {@link SERVER_ERROR_PAGE} cannot
 * be had either: 500, the error page's own fallback (spec §2, ./errorFallback), never cached. One
 * for the local server and the edge function.
 */
export function assemblyFailedResponse(): Response {
  return new Response(errorFallbackDocument(), {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Where the routes that write directives live (any case: a path that might reach one is checked, never skipped). */
const DIRECTIVE_ROUTES = /^\/(?:news|category)\//i;
/**
 * Pages under {@link DIRECTIVE_ROUTES} that are written without a directive, as exact request
 * paths (with or without the trailing slash; any other spelling of them is read, as a page that may carry one).
 */
const DIRECTIVE_FREE_PATHS: readonly RegExp[] = [
  // /news: page 1 of the listing renders its own cards (src/pages/news/index.astro); its feed.
  /^\/news\/?$/,
  /^\/news\/rss\.xml$/,
  // /news/:year/:month and /news/:year/:month/:day: dated archives render their own cards, and
  // an article (one slug, one segment) never lives at two or three segments.
  /^\/news\/[0-9]{4}\/[0-9]{2}(?:\/[0-9]{2})?\/?$/,
  // /category and /category/:category (page 1 renders its own cards); a category's feed.
  /^\/category(?:\/[a-z0-9-]+)?\/?$/,
  /^\/category\/[a-z0-9-]+\/rss\.xml$/,
];

/**
 * Whether the page at `pathname` (percent-encoded: '/news/some-slug/') may carry an assembly
 * directive, so a server must read it before sending it. Only `/news/:slug` (related news) and the
 * later listing pages `/news/page/:n`, `/category/:category/page/:n` write one; false outside /news/
 * and /category/ and for the pages there known to be written without one. Any other path there is
 * true, so it is read rather than sent with raw directives — /news/:year included, since '2025' is
 * also a valid article slug.
 */
export function mayCarryDirectives(pathname: string): boolean {
  return DIRECTIVE_ROUTES.test(pathname) && !DIRECTIVE_FREE_PATHS.some((shape) => shape.test(pathname));
}
/** A listing's total, beside its blocks. */
export const LISTING_COUNT_FILE = 'count.json';

const ITEM_MARK = `${ASSEMBLY_MARK}item `;
const END_MARK = `${ASSEMBLY_MARK}end-->`;
const SLUG = /^[a-z0-9][a-z0-9._-]*$/;
const FRAGMENT_PATH = /^\/_fragments\/[a-z0-9/_.-]+\/$/;
const DIRECTIVE = /<!--terrace:(related|listing|include) (\/_fragments\/[^ ]+\/)(?: ([^>]*?))?-->/g;
const LAZY = ' loading="lazy"';
const EAGER = ' loading="eager"';

/** A directive or fragment is malformed, or a fragment is missing: the page cannot be served as built. */
export class AssemblyError extends Error {
  override name = 'AssemblyError';
}

/** Reads a fragment by site path ('/_fragments/…/' → its index.html; '…/count.json'); rejects when it is missing. */
export type FragmentReader = (path: string) => Promise<string>;

/** One card of a fragment. */
export interface FragmentItem {
  slug: string;
  html: string;
}

function checkSlug(slug: string): string {
  if (!SLUG.test(slug)) throw new AssemblyError(`Not a slug for an assembly mark: ${JSON.stringify(slug)}`);
  return slug;
}

function checkFragmentPath(path: string): string {
  if (!FRAGMENT_PATH.test(path) || path.includes('/.') || path.includes('//')) throw new AssemblyError(`Not a fragment path: ${JSON.stringify(path)}`);
  return path;
}

function positiveInteger(value: string | undefined, what: string): number {
  const n = Number(value);
  if (!value || !/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new AssemblyError(`Invalid ${what} in an assembly directive: ${JSON.stringify(value)}`);
  return n;
}

/** The mark that starts a fragment item for the article `slug`. Throws AssemblyError for a slug that is not one. */
export function itemMark(slug: string): string {
  return `${ITEM_MARK}${checkSlug(slug)}-->`;
}

/** The mark that ends a fragment. */
export function endMark(): string {
  return END_MARK;
}

/**
 * The related-news directive: up to `take` cards of the fragment at `path`, skipping `skip`.
 * Throws AssemblyError for a bad path, slug or count.
 */
export function relatedDirective(path: string, skip: string, take: number): string {
  positiveInteger(String(take), 'take');
  return `${ASSEMBLY_MARK}related ${checkFragmentPath(path)} skip=${checkSlug(skip)} take=${take}-->`;
}

/**
 * The listing directive: the cards of page `page` (1-based, newest first, `size` a page) of the
 * listing whose blocks and count.json live at `path`. Throws AssemblyError for bad arguments.
 */
export function listingDirective(path: string, page: number, size: number): string {
  positiveInteger(String(page), 'page');
  positiveInteger(String(size), 'size');
  return `${ASSEMBLY_MARK}listing ${checkFragmentPath(path)} page=${page} size=${size}-->`;
}

/**
 * The include directive: the one item of the fragment at `path`, put in as it is.
 * Throws AssemblyError for a bad path.
 */
export function includeDirective(path: string): string {
  return `${ASSEMBLY_MARK}include ${checkFragmentPath(path)}-->`;
}

/** The path of block `block` (0-based, from the oldest) of the listing at `path`. */
export function listingBlockPath(path: string, block: number): string {
  return `${checkFragmentPath(path)}${block}/`;
}

/** The block (0-based, counted from the oldest in blocks of `size`) that holds the oldest-first position `index`. */
export function blockOf(index: number, size: number): number {
  return Math.floor(index / size);
}

/**
 * The oldest-first positions shown on listing page `page` (1-based, newest first) of `total`
 * articles, `size` a page, in the order shown: page 1 of 30 at 12 a page → 29 … 18. Empty past the end.
 */
export function listingPositions(total: number, page: number, size: number): number[] {
  const first = (page - 1) * size;
  const last = Math.min(page * size, total);
  const positions: number[] = [];
  for (let p = first; p < last; p += 1) positions.push(total - 1 - p);
  return positions;
}

/** The items of a fragment, in order. Throws AssemblyError when it is not one (no end mark, a bad item mark). */
export function parseFragment(fragment: string, path = 'fragment'): FragmentItem[] {
  const end = fragment.lastIndexOf(END_MARK);
  if (end < 0) throw new AssemblyError(`${path}: no end mark`);
  const body = fragment.slice(0, end);
  if (fragment.slice(end + END_MARK.length).trim() !== '') throw new AssemblyError(`${path}: text after the end mark`);
  const start = body.indexOf(ITEM_MARK);
  if (body.slice(0, start < 0 ? body.length : start).trim() !== '') throw new AssemblyError(`${path}: text before the first item`);
  if (start < 0) return [];
  return body
    .slice(start + ITEM_MARK.length)
    .split(ITEM_MARK)
    .map((part) => {
      const close = part.indexOf('-->');
      if (close < 0) throw new AssemblyError(`${path}: an item mark is not closed`);
      return { slug: checkSlug(part.slice(0, close)), html: part.slice(close + 3) };
    });
}

/** A card with its image loading eagerly: the first ` loading="lazy"` (the card's image; escaped text cannot contain it) becomes eager. */
function eager(card: string, path: string): string {
  const at = card.indexOf(LAZY);
  if (at < 0) throw new AssemblyError(`${path}: a card without a lazy image`);
  return card.slice(0, at) + EAGER + card.slice(at + LAZY.length);
}

function parameters(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of text.split(' ')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new AssemblyError(`Malformed assembly directive parameter: ${JSON.stringify(part)}`);
    found.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return found;
}

/** A listing's total, from its count.json ({"total": n}). */
function listingTotal(json: string, path: string): number {
  let total: unknown;
  try {
    total = (JSON.parse(json) as { total?: unknown }).total;
  } catch {
    throw new AssemblyError(`${path}: not JSON`);
  }
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) throw new AssemblyError(`${path}: no total`);
  return total;
}

async function related(path: string, params: Map<string, string>, read: FragmentReader): Promise<string> {
  const skip = checkSlug(params.get('skip') ?? '');
  const take = positiveInteger(params.get('take'), 'take');
  const items = parseFragment(await read(path), path).filter((item) => item.slug !== skip);
  return items
    .slice(0, take)
    .map((item) => item.html)
    .join('');
}

async function include(path: string, rest: string | undefined, read: FragmentReader): Promise<string> {
  if (rest !== undefined) throw new AssemblyError(`An include directive takes no parameters: ${JSON.stringify(rest)}`);
  const items = parseFragment(await read(path), path);
  const [item] = items;
  if (items.length !== 1 || !item) throw new AssemblyError(`${path}: ${items.length} items, expected 1 to include`);
  return item.html;
}

async function listing(path: string, params: Map<string, string>, read: FragmentReader): Promise<{ html: string; pages: number }> {
  const page = positiveInteger(params.get('page'), 'page');
  const size = positiveInteger(params.get('size'), 'size');
  const countPath = `${path}${LISTING_COUNT_FILE}`;
  const total = listingTotal(await read(countPath), countPath);
  const pages = listingPageCount(total, size);
  if (page > pages) throw new AssemblyError(`${path}: page ${page} of ${pages}`);
  const positions = listingPositions(total, page, size);
  const blocks = new Map<number, FragmentItem[]>();
  await Promise.all(
    [...new Set(positions.map((p) => blockOf(p, size)))].map(async (block) => {
      const blockPath = listingBlockPath(path, block);
      const items = parseFragment(await read(blockPath), blockPath);
      const expected = Math.min(size, total - block * size);
      if (items.length !== expected) throw new AssemblyError(`${blockPath}: ${items.length} cards, expected ${expected}`);
      blocks.set(block, items);
    }),
  );
  const cards = positions.map((p, i) => {
    const item = blocks.get(blockOf(p, size))?.[p % size];
    if (!item) throw new AssemblyError(`${path}: no card at position ${p}`);
    return i < NEWS_GRID_EAGER_CARDS ? eager(item.html, path) : item.html;
  });
  return { html: cards.join(''), pages };
}

/**
 * The page a visitor gets: `html` with every directive replaced by its cards, and, in a listing
 * page, {@link PAGE_COUNT_TOKEN} by the page count. A page without {@link ASSEMBLY_MARK} is returned
 * as it is (the same string). Reads each fragment once.
 * Throws AssemblyError for a malformed directive or fragment, a page past the listing's end, or
 * a fragment `read` rejects (its error is the cause).
 */
export async function assemblePage(html: string, read: FragmentReader): Promise<string> {
  if (!html.includes(ASSEMBLY_MARK)) return html;
  const cache = new Map<string, Promise<string>>();
  const once: FragmentReader = (path) => {
    let text = cache.get(path);
    if (!text) {
      text = read(path).catch((error: unknown) => {
        throw new AssemblyError(`Fragment ${path} could not be read`, { cause: error });
      });
      cache.set(path, text);
    }
    return text;
  };
  const directives = [...html.matchAll(DIRECTIVE)];
  if (directives.length === 0) throw new AssemblyError('A page with an assembly mark but no directive');
  const parts = await Promise.all(
    directives.map(async ([, kind, path = '', rest]) => {
      checkFragmentPath(path);
      if (kind === 'include') return { html: await include(path, rest, once), pages: undefined };
      const params = parameters(rest ?? '');
      return kind === 'related' ? { html: await related(path, params, once), pages: undefined } : await listing(path, params, once);
    }),
  );
  let pages: number | undefined;
  for (const part of parts) {
    if (part.pages === undefined) continue;
    if (pages !== undefined && pages !== part.pages) throw new AssemblyError('Two listings with different page counts in one page');
    pages = part.pages;
  }
  // The token is replaced in the page's own text only, never in the cards put in.
  const shell = (text: string) => (pages === undefined ? text : text.split(PAGE_COUNT_TOKEN).join(String(pages)));
  let out = '';
  let at = 0;
  directives.forEach((match, i) => {
    out += shell(html.slice(at, match.index)) + (parts[i]?.html ?? '');
    at = match.index + match[0].length;
  });
  out += shell(html.slice(at));
  // Cards and feed text never carry a mark (item marks are dropped; the sanitiser drops comments):
  // one left over is a directive this module does not understand.
  if (out.includes(ASSEMBLY_MARK)) throw new AssemblyError('A malformed assembly directive is left in the page');
  return out;
}
