/**
 * Advert rules (spec §4 Adverts, §5, §6 child-friendly mode, §9 footer re-enable), framework-free.
 * Advert slots (mpu 300, banner 728, large banner 1000 px) show only with a url, a mobile image key
 * and a passing child-friendly check. Footer adverts fill footerSlot1–3: a slot is re-enabled
 * FOOTER_ADVERT_REENABLE_MS after each route change; an advert is eligible when enabled, on channel
 * '' or 'web' and inside its UTC window; one eligible advert per slot is picked at random.
 * The shapes are structural: src/schemas/commercial's entries satisfy them.
 */
import { FOOTER_ADVERT_REENABLE_MS } from './constants';
import { withinWindow } from './timeWindow';

/** The three square footer slots, in display order (spec §2 Footer adverts). */
export const FOOTER_SLOTS = ['footerSlot1', 'footerSlot2', 'footerSlot3'] as const;
export type FooterSlot = (typeof FOOTER_SLOTS)[number];

/** Footer advert channels shown on the website (spec §4): '' (all channels) and 'web'. */
export const WEB_CHANNELS: readonly string[] = ['', 'web'];

/** What the visitor's settings allow: child-friendly mode (default on) and adverts at all (spec §3). */
export interface AdvertDisplayMode {
  childFriendly: boolean;
  advertisingDisabled: boolean;
}

/**
 * The child-friendly check (spec §1, §6): passes when the mode is off, or when the item is flagged
 * child friendly. The flag may be a boolean or the platform's 0/1 (sponsors' isChildFriendly).
 */
export function passesChildFriendly(flag: boolean | 0 | 1, childFriendlyMode: boolean): boolean {
  return !childFriendlyMode || flag === true || flag === 1;
}

/**
 * Whether an advert with this child-friendly flag may show in this mode: never while advertising
 * is disabled, otherwise when the child-friendly check passes. Re-run it when the mode changes.
 */
export function advertAllowed(flag: boolean | 0 | 1, mode: AdvertDisplayMode): boolean {
  return !mode.advertisingDisabled && passesChildFriendly(flag, mode.childFriendly);
}

/** An advert slot as far as visibility goes (spec §3 Advert slot). */
export interface AdvertSlotContent {
  advertData: {
    url: string | null;
    images: { mobile: { key: string } | null };
  };
  childFriendly: boolean;
}

/** Spec §5: an advert needs a url and a mobile image key (both non-empty). */
export function hasAdvertContent(slot: AdvertSlotContent): boolean {
  return Boolean(slot.advertData.url) && Boolean(slot.advertData.images.mobile?.key);
}

/**
 * Spec §4: an advert slot shows only when it has a url and a mobile image key and the
 * child-friendly check passes; nothing shows while advertising is disabled.
 */
export function advertSlotVisible(slot: AdvertSlotContent, mode: AdvertDisplayMode): boolean {
  return hasAdvertContent(slot) && advertAllowed(slot.childFriendly, mode);
}

/** A footer advert as far as choosing one goes (spec §3 Footer advert). */
export interface FooterAdvertCandidate {
  slot: FooterSlot;
  enabled: boolean;
  channel: string;
  childFriendly: boolean;
  timings: { startUTC: string; endUTC: string };
  url: string;
  images: { square?: { imageKey: string } | undefined };
}

/** Spec §4: a footer slot is enabled when it has adverts (of any state). */
export function footerSlotEnabled(adverts: readonly Pick<FooterAdvertCandidate, 'slot'>[], slot: FooterSlot): boolean {
  return adverts.some((advert) => advert.slot === slot);
}

/**
 * Spec §4 eligibility of one footer advert: the advert is enabled, its channel is '' or 'web', and
 * `now` is inside its UTC window (src/lib/timeWindow; RangeError on an unparseable bound). A square
 * slot also needs a url and a square image key (§5).
 */
export function isEligibleFooterAdvert(advert: FooterAdvertCandidate, now: Date): boolean {
  return (
    advert.enabled &&
    WEB_CHANNELS.includes(advert.channel) &&
    Boolean(advert.url) &&
    Boolean(advert.images.square?.imageKey) &&
    withinWindow(advert.timings.startUTC, advert.timings.endUTC, now)
  );
}

/**
 * The adverts one footer slot may show: none while the slot is disabled or advertising is
 * disabled; otherwise the slot's eligible adverts that pass the child-friendly check, in order.
 */
export function eligibleFooterAdverts<T extends FooterAdvertCandidate>(
  adverts: readonly T[],
  slot: FooterSlot,
  state: { slotEnabled: boolean; now: Date; mode: AdvertDisplayMode },
): T[] {
  if (!state.slotEnabled) return [];
  return adverts.filter((advert) => advert.slot === slot && advertAllowed(advert.childFriendly, state.mode) && isEligibleFooterAdvert(advert, state.now));
}

/**
 * One item chosen uniformly at random; undefined for an empty list. `random` must return a number
 * in [0, 1) (default Math.random); it is called once, and not at all for an empty list.
 */
export function pickRandom<T>(items: readonly T[], random: () => number = Math.random): T | undefined {
  if (items.length === 0) return undefined;
  const index = Math.min(items.length - 1, Math.floor(random() * items.length));
  return items[index];
}

/**
 * The advert a footer slot shows after a (re-)check: the current one while it is still a
 * candidate, otherwise one chosen at random from the candidates (undefined when there are none).
 */
export function nextFooterAdvert<T>(current: T | undefined, candidates: readonly T[], random: () => number = Math.random): T | undefined {
  return current !== undefined && candidates.includes(current) ? current : pickRandom(candidates, random);
}

/**
 * Milliseconds to wait before footer slots are enabled: 0 on the first page load, 2000 after a
 * route change (spec §4, §9 FOOTER_ADVERT_REENABLE_MS).
 */
export function footerAdvertDelay(afterRouteChange: boolean): number {
  return afterRouteChange ? FOOTER_ADVERT_REENABLE_MS : 0;
}

/**
 * Parses an image size such as '728x90' (spec §3 advertData images imageSize) into pixels.
 * Returns null unless both parts are positive integers.
 */
export function parseImageSize(imageSize: string): { width: number; height: number } | null {
  const match = /^(\d+)x(\d+)$/.exec(imageSize.trim());
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}
