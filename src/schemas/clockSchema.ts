/**
 * The site's clock: the embedded dataset's own "as of"
 * instant (data/club/dataset.json) and the one instant the site decides past, live and next at.
 */
import { z } from 'astro/zod';
import { isoDateTime } from './common';

/** data/club/dataset.json: the instant the embedded dataset describes, and why. */
export const datasetSchema = z.object({
  asOf: isoDateTime,
  description: z.string().optional(),
});
export type Dataset = z.infer<typeof datasetSchema>;

/**
 * The clock collection's one entry: the as-of instant (UTC ISO, '2026-05-24T08:00:00.000Z') and
 * where it comes from — the embedded dataset, the real time of a build from the platform's
 * content, or TERRACE_AS_OF.
 */
export const clockSchema = z.object({
  asOf: z.iso.datetime({ error: 'must be a UTC ISO 8601 instant' }),
  source: z.enum(['dataset', 'platform', 'override']),
});
export type Clock = z.infer<typeof clockSchema>;
