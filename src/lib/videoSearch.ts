/**
 * Video search (spec §7 "Video search builders", §9 "Video search default page size 12"): the
 * criteria a video search takes, and the request URLs of the two hosted providers a club may
 * configure — StreamAMG (Cloud Matrix search API) and uzStreamline — as pure functions. Our own
 * static provider (src/lib/videoSearchStatic.ts) answers the same criteria from the built video
 * list and is the default.
 *
 * Both hosted providers take an Elasticsearch query-string query; every user value is quoted and
 * escaped here, so a title such as 'Stoke: "2-1" (AET)' can never change the query's structure.
 */
import { z } from './zod.ts';
import { VIDEO_SEARCH_PAGE_SIZE } from './constants.ts';
import { normaliseTerm } from './searchRules.ts';

/** The providers a video search can run on; 'static' (ours) is the default. */
export type VideoSearchProvider = 'static' | 'streamamg' | 'uzstreamline';

/**
 * What a video search asks for. Every filter is optional; durations are seconds (inclusive
 * bounds, metaData.VideoDuration); pageIndex counts from 0; pageSize defaults to 12 (spec §9).
 */
export const videoSearchCriteriaSchema = z
  .object({
    category: z.string().trim().min(1).optional(),
    team: z.string().trim().min(1).optional(),
    season: z.string().trim().min(1).optional(),
    minDuration: z.number().int().min(0).optional(),
    maxDuration: z.number().int().min(0).optional(),
    title: z.string().optional(),
    /** uzStreamline only: include videos flagged legacy (default false: leave them out). */
    includeLegacy: z.boolean().default(false),
    pageIndex: z.number().int().min(0).default(0),
    pageSize: z.number().int().min(1).max(100).default(VIDEO_SEARCH_PAGE_SIZE),
  })
  .refine((c) => c.minDuration === undefined || c.maxDuration === undefined || c.minDuration <= c.maxDuration, {
    message: 'minDuration must not exceed maxDuration',
    path: ['minDuration'],
  });

/** Criteria as given (defaults optional). */
export type VideoSearchCriteriaInput = z.input<typeof videoSearchCriteriaSchema>;
/** Criteria after validation (defaults filled in). */
export type VideoSearchCriteria = z.output<typeof videoSearchCriteriaSchema>;

/**
 * Validates criteria and fills in the defaults (pageIndex 0, pageSize 12, includeLegacy false).
 * Throws a ZodError naming the field on bad input (negative durations, min above max, page size
 * outside 1..100).
 */
export function parseVideoSearchCriteria(input: VideoSearchCriteriaInput): VideoSearchCriteria {
  return videoSearchCriteriaSchema.parse(input);
}

// Elasticsearch query-string reserved characters (< and > cannot be escaped: they are dropped).
const RESERVED = /[+\-=&|!(){}[\]^"~*?:\\/]/g;

/** A value escaped for an Elasticsearch query string (reserved characters backslashed, < > removed). */
export function escapeQueryValue(value: string): string {
  return value.replace(/[<>]/g, '').replace(RESERVED, (c) => `\\${c}`);
}

/** field:("value") — an exact term, quoted. */
const exact = (field: string, value: string) => `${field}:("${value.replace(/["\\]/g, (c) => `\\${c}`)}")`;

/** field:[min TO max] with * for an open end; undefined when neither bound is set. */
function range(field: string, min: number | undefined, max: number | undefined): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  return `${field}:[${min ?? '*'} TO ${max ?? '*'}]`;
}

/** The words of a title term, escaped, each fuzzy (~); undefined for an empty term. */
function fuzzyWords(title: string | undefined): string | undefined {
  const words = normaliseTerm(title ?? '')
    .split(' ')
    .map(escapeQueryValue)
    .filter((w) => w !== '');
  return words.length === 0 ? undefined : words.map((w) => `${w}~`).join(' AND ');
}

const and = (parts: (string | undefined)[]) => parts.filter((p): p is string => p !== undefined).join(' AND ');

/**
 * StreamAMG (Cloud Matrix search API) request URL: `{base}/search?query=…&sortBy=…&sortOrder=desc&pageIndex=…&pageSize=…`.
 * The query ANDs metaData.category, metaData.team, metaData.season (exact, quoted),
 * metaData.VideoDuration:[min TO max] and the title's words fuzzily (metaData.title:(w~ AND …));
 * mediaData.MediaType is always OnDemand. Sorted by publicationData.releaseFrom descending.
 * `base` is the configured instance path (…/api/v1/{apiUserId}/{apiKey}[/{targetId}]/{lang}),
 * a trailing '/' is ignored. Throws a ZodError on bad criteria.
 */
export function streamAmgSearchUrl(base: string, input: VideoSearchCriteriaInput): string {
  const c = parseVideoSearchCriteria(input);
  const title = fuzzyWords(c.title);
  const query = and([
    'mediaData.MediaType:(OnDemand)',
    c.category === undefined ? undefined : exact('metaData.category', c.category),
    c.team === undefined ? undefined : exact('metaData.team', c.team),
    c.season === undefined ? undefined : exact('metaData.season', c.season),
    range('metaData.VideoDuration', c.minDuration, c.maxDuration),
    title === undefined ? undefined : `metaData.title:(${title})`,
  ]);
  const params = new URLSearchParams({
    query,
    sortBy: 'publicationData.releaseFrom',
    sortOrder: 'desc',
    pageIndex: String(c.pageIndex),
    pageSize: String(c.pageSize),
  });
  return `${base.replace(/\/+$/, '')}/search?${params.toString()}`;
}

/**
 * uzStreamline request URL: `{base}/search?page[size]=…&page[number]=…&query=…&sort=-publicationData.publicationStart`.
 * The query ANDs categories, teams, seasons (exact, quoted), duration:[min TO max], the legacy
 * flag (legacy:false unless includeLegacy) and the title's words fuzzily in the title or the tags
 * ((title:(w~ AND …) OR tags:(w~ AND …))). page[number] counts from 1 (pageIndex + 1). Sorted by
 * publication start descending. Throws a ZodError on bad criteria.
 */
export function uzStreamlineSearchUrl(base: string, input: VideoSearchCriteriaInput): string {
  const c = parseVideoSearchCriteria(input);
  const title = fuzzyWords(c.title);
  const query = and([
    c.category === undefined ? undefined : exact('categories', c.category),
    c.team === undefined ? undefined : exact('teams', c.team),
    c.season === undefined ? undefined : exact('seasons', c.season),
    range('duration', c.minDuration, c.maxDuration),
    c.includeLegacy ? undefined : 'legacy:(false)',
    title === undefined ? undefined : `(title:(${title}) OR tags:(${title}))`,
  ]);
  const params = new URLSearchParams();
  params.set('page[size]', String(c.pageSize));
  params.set('page[number]', String(c.pageIndex + 1));
  if (query !== '') params.set('query', query);
  params.set('sort', '-publicationData.publicationStart');
  return `${base.replace(/\/+$/, '')}/search?${params.toString()}`;
}
