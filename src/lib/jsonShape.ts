/**
 * The shared checks of the hand-written readers of untrusted JSON in browser code that ships no
 * zod (the player's answer readers, the live match feed). Pure, browser-safe.
 */

/** A JSON object: what `JSON.parse` gives for `{…}`. */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a JSON object (not null, not an array). */
export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` as a JSON object, or null when it is not one. */
export const jsonObjectOf = (value: unknown): JsonObject | null => (isJsonObject(value) ? value : null);

/** Whether an optional field is absent (undefined) or passes `check`. */
export const optional = (value: unknown, check: (v: unknown) => boolean): boolean => value === undefined || check(value);
