/**
 * Text from outside (names and e-mails from Cognito or a provider, typed by a supporter) made safe
 * to store, serve and print: no control characters, bidirectional overrides or isolates, or line
 * and paragraph separators (docs/accounts-api.md "Rules that matter").
 *   cleanDisplayName(value) → without them, spaces collapsed, trimmed, ≤ 100 characters ('' if empty)
 *   hasUnsafeText(value)    → whether any is there (the API refuses such input)
 *   printable(value)        → each as a visible `\uXXXX` escape, for a terminal
 */

/** The characters refused, removed or escaped: controls (C0, C1), bidirectional marks, overrides and isolates, line and paragraph separators. */
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
