/**
 * The Pagefind search API (https://pagefind.app/docs/api/), loaded at run time from the index the
 * build writes to /pagefind/ (src/integrations/searchIndex.ts) — only when the search overlay
 * opens, never with the page. Only the parts the overlay uses are typed here.
 */

/** A loaded result (`await result.data()`). */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Partial<Record<string, string>>;
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

export interface PagefindSearchOptions {
  sort?: Record<string, 'asc' | 'desc'>;
  filters?: Record<string, string | string[]>;
}

export interface Pagefind {
  init(): Promise<void>;
  preload(term: string, options?: PagefindSearchOptions): Promise<void>;
  search(term: string | null, options?: PagefindSearchOptions): Promise<{ results: PagefindResult[] } | null>;
}

/** Where the build puts Pagefind's browser module. */
export const PAGEFIND_URL = '/pagefind/pagefind.js';

function isPagefind(value: unknown): value is Pagefind {
  if (typeof value !== 'object' || value === null) return false;
  const api = value as Record<string, unknown>;
  return typeof api.search === 'function' && typeof api.init === 'function' && typeof api.preload === 'function';
}

let loading: Promise<Pagefind> | undefined;

/** Pagefind's module, imported once (a failed import is retried on the next call). */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= import(/* @vite-ignore */ PAGEFIND_URL).then((module: unknown) => {
    if (!isPagefind(module)) throw new Error(`${PAGEFIND_URL} is not the Pagefind search API`);
    return module;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}
