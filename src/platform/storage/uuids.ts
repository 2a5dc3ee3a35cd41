/**
 * Our ids are UUIDs; an id from a request or a command line is checked before it reaches a uuid
 * column, so a malformed one reads as "not found" instead of a Postgres type error.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical 8-4-4-4-12 hexadecimal UUID (any version, any case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
