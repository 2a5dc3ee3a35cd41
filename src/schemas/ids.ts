/**
 * The range of the site's random ids (spec §9: the event logging id and the session id run from
 * 1 to 1,000,000). Dependency-free, so the logged-event schema (src/schemas/loggedEvent) checks
 * the range and src/lib/randomId draws from it without schemas importing lib, and browser code
 * that draws an id carries no zod.
 */

/** Largest random id (spec §9: ids run from 1 to 1,000,000). */
export const RANDOM_ID_MAX = 1_000_000;
