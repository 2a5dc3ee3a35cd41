/**
 * Overlay promo rules (spec §3 Promo overlay, §4 Overlay promo, §7 promo overlays call, §9
 * seen-promo cookie expiry 31 Dec 2099), framework-free.
 *
 * On load and whenever the tab becomes visible the site fetches the active promos, keeps those
 * between their start and end times, skips the ids in the seen-promos cookie and shows the first
 * unseen one; its id is then appended to the cookie. If none are unseen, nothing shows.
 * On a first visit a promo waits until the visitor has read something (promoReadWaitMs).
 */
import { PROMO_READ_DELAY_MS, SEEN_PROMO_COOKIE_EXPIRY } from './constants';
import { isSafeHref } from '../schemas/link.ts';
import { withinWindow } from './timeWindow';

/** Name of the cookie listing the ids of promos already shown. */
export const SEEN_PROMOS_COOKIE = 'seen_promos';

/** Sizes of the promo popup: Default (modal, centred) and Mini (bottom-right on wide screens). */
export const PROMO_SIZES = ['Default', 'Mini'] as const;
export type PromoSize = (typeof PROMO_SIZES)[number];

/** A promo overlay as the promo overlays call returns it (spec §3). Times are ISO 8601. */
export interface PromoOverlay {
  promoID: string;
  type: PromoSize;
  url: string;
  webNewWindow: boolean;
  imageKey: string;
  imageAltText: string;
  startDateTime: string;
  endDateTime: string;
}

/** When the seen-promos cookie expires: the end of 31 Dec 2099, UTC (spec §9). */
export function seenPromosCookieExpiry(): Date {
  return new Date(`${SEEN_PROMO_COOKIE_EXPIRY}T23:59:59.000Z`);
}

/**
 * The promo ids in a seen-promos cookie value: comma-separated, each URI-encoded (so an id may
 * contain a comma). Empty and malformed parts are dropped, duplicates kept once. A missing
 * cookie is an empty list.
 */
export function parseSeenPromos(value: string | undefined): string[] {
  if (!value) return [];
  const ids = new Set<string>();
  for (const part of value.split(',')) {
    try {
      const id = decodeURIComponent(part.trim());
      if (id) ids.add(id);
    } catch {
      // A malformed part is ignored.
    }
  }
  return [...ids];
}

/** The cookie value with `promoID` appended (unchanged if it is already listed). */
export function appendSeenPromo(value: string | undefined, promoID: string): string {
  const ids = parseSeenPromos(value);
  if (!ids.includes(promoID)) ids.push(promoID);
  return ids.map((id) => encodeURIComponent(id)).join(',');
}

/** Spec §4: a promo is kept when `now` is between its start and end times (both included). */
export function isPromoActive(promo: Pick<PromoOverlay, 'startDateTime' | 'endDateTime'>, now: Date): boolean {
  return withinWindow(promo.startDateTime, promo.endDateTime, now);
}

/** Spec §4: the first promo, in the order given, that is active at `now` and not seen; undefined if none. */
export function firstUnseenPromo<T extends PromoOverlay>(promos: readonly T[], seen: readonly string[], now: Date): T | undefined {
  return promos.find((promo) => !seen.includes(promo.promoID) && isPromoActive(promo, now));
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isDateTime = (value: unknown): value is string => isString(value) && !Number.isNaN(Date.parse(value));
/** Links a promo may point to (src/lib/escape): a site path, http(s), mailto: or tel: — never javascript:, '//host' and the like. */
const isSafeLink = (value: unknown): value is string => isString(value) && isSafeHref(value);

/** Whether a value from the network has the shape of a promo overlay (spec §3). */
export function isPromoOverlay(value: unknown): value is PromoOverlay {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isString(v.promoID) &&
    v.promoID !== '' &&
    (PROMO_SIZES as readonly unknown[]).includes(v.type) &&
    isSafeLink(v.url) &&
    typeof v.webNewWindow === 'boolean' &&
    isString(v.imageKey) &&
    v.imageKey !== '' &&
    isString(v.imageAltText) &&
    isDateTime(v.startDateTime) &&
    isDateTime(v.endDateTime)
  );
}

/**
 * The promos in a promo overlays response body (spec §7: the body is a list of promos). Entries
 * that are not promo overlays are dropped; a body that is not a list gives an empty list.
 */
export function parsePromoList(body: unknown): PromoOverlay[] {
  return Array.isArray(body) ? body.filter(isPromoOverlay) : [];
}

/** How far a visit has come, as the promo wait sees it. Times are epoch milliseconds. */
export interface VisitProgress {
  /** The cookie notice had been answered before this page loaded: a later page or a returning visitor. */
  answeredBeforeLoad: boolean;
  /** Pages shown in this document, the first included (the client router adds one per navigation). */
  pageViews: number;
  /** When the cookie notice was answered on this page; undefined while it waits or if answered before. */
  answeredAt?: number;
}

/**
 * Milliseconds until an overlay promo may show: 0 for a visitor who answered the cookie notice on
 * an earlier page or has moved to a second page, else what is left of PROMO_READ_DELAY_MS after
 * the notice was answered (Infinity while it waits for an answer).
 */
export function promoReadWaitMs(visit: VisitProgress, now: number): number {
  if (visit.answeredBeforeLoad || visit.pageViews >= 2) return 0;
  if (visit.answeredAt === undefined) return Infinity;
  return Math.max(0, visit.answeredAt + PROMO_READ_DELAY_MS - now);
}
