/**
 * The error notification's 'Closing in N' countdown (spec §2 "Error notification", §4
 * "Notifications": it auto-closes after a 30 s countdown; spec §9 ERROR_NOTIFICATION_MS).
 */

/**
 * Whole seconds left of a countdown of `durationMs` that started at `startedAtMs`, at `nowMs`
 * (all milliseconds since the epoch): rounded up, so it reads 30 at the start and 0 only once
 * the time is up; never below 0.
 */
export function secondsLeft(startedAtMs: number, nowMs: number, durationMs: number): number {
  return Math.max(0, Math.ceil((startedAtMs + durationMs - nowMs) / 1000));
}

/** The countdown's text: 'Closing in 30'. */
export function closingInText(seconds: number): string {
  return `Closing in ${seconds}`;
}
