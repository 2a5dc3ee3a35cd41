/**
 * Video duration and title display for video cards and the video player
 * sidebar (spec §2 "Video player overlay"; §9 "Hour format switch at 3600 s",
 * "title limit 48").
 */
import { HOUR_FORMAT_SWITCH_SECONDS, VIDEO_TITLE_LIMIT } from './constants';

const ELLIPSIS = '…';

/**
 * Formats a duration in seconds (metaData.VideoDuration). Fractions are
 * dropped (floored) first. Below 3600 s: 'mm:ss' (65 → '01:05', 3599 →
 * '59:59'); from 3600 s: 'H[hr] mm' with unpadded total hours, not wrapped
 * at 24 (3600 → '1hr 00', 3725 → '1hr 02').
 * Throws RangeError on a negative or non-finite number.
 */
export function formatVideoDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`Invalid video duration: ${seconds} (expected finite seconds >= 0)`);
  }
  const total = Math.floor(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (total >= HOUR_FORMAT_SWITCH_SECONDS) {
    return `${hours}hr ${pad2(minutes)}`;
  }
  return `${pad2(minutes)}:${pad2(total % 60)}`;
}

/**
 * Keeps the first `limit` characters of a title and appends '…' only when the
 * title is longer than `limit`. Whitespace at the end of the kept part is dropped,
 * so the '…' never follows a space ('Stoke City v …' reads 'Stoke City v…').
 * Characters are Unicode code points, so an emoji is never split. Throws
 * RangeError unless `limit` is an integer >= 0.
 */
export function truncateTitle(title: string, limit: number = VIDEO_TITLE_LIMIT): string {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`Invalid title limit: ${limit} (expected an integer >= 0)`);
  }
  const chars = Array.from(title);
  return chars.length > limit ? chars.slice(0, limit).join('').trimEnd() + ELLIPSIS : title;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
