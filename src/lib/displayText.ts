/**
 * Text that came from outside (a name or e-mail from Cognito or a federated provider, typed by a
 * supporter) made safe to store, serve and print: no control characters (C0, C1: ESC, BEL …), no
 * bidirectional overrides or isolates (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) that
 * reorder what a reader sees, no line or paragraph separators.
 *   cleanDisplayName(value)  → the name without them, spaces collapsed, trimmed, at most 100
 *                              characters; '' when nothing is left
 *   hasUnsafeText(value)     → whether any of them is there (the API refuses such input)
 *   printable(value)         → for a terminal: each of them as a visible `\uXXXX` escape (also
 *                              a valid escape inside a JSON string)
 * docs/reliability.md "Names and e-mails from Cognito".
 */

/** The characters refused, removed or escaped (see the file header). */
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/** Longest display name kept (characters). */
export const DISPLAY_NAME_MAX = 100;

/** Whether `value` holds a control, bidirectional-formatting or separator character. */
export function hasUnsafeText(value: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(value);
}

/** `value` with the unsafe characters removed, whitespace collapsed, trimmed, at most DISPLAY_NAME_MAX characters. */
export function cleanDisplayName(value: string): string {
  return [...value.replace(UNSAFE, '').replace(/\s+/g, ' ').trim()].slice(0, DISPLAY_NAME_MAX).join('').trim();
}

/** `value` for a terminal line: each unsafe character written as `\uXXXX`. */
export function printable(value: string): string {
  return value.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
