/**
 * Package rules (spec §2 Packages widget and Subscribe packages panel, §3 Package and Widget data,
 * §4 Purchase click, §6, §8), framework-free: the tabs 'Subscriptions' / 'Match passes' with their
 * empty texts, the package type ('Listen' when the title says audio, else 'Watch'), card size (px)
 * and decoration, the price label ('Manage Subscriptions' or 'Buy - {amount}' + ' p/m'), the panel's
 * groups (at most 3), and what a purchase click does: login prompt, account box or checkout.
 */

/** A price option as the browser needs it (spec §3 Price entry; `entitlements` from accessData). */
export interface PackagePriceView {
  id: string;
  type: 'recurring' | 'one-off';
  priceDisplay: string;
  offer: string | null;
  furtherInformation: string | null;
  backsideText: string | null;
  entitlements: readonly string[];
}

/**
 * A package as the browser needs it (spec §3 Package, catalogue form), built at build time:
 * `bodyHtml` is the description ALREADY sanitised (src/lib/sanitize), image keys already URLs.
 */
export interface PackageView {
  id: string;
  mode: PackageMode;
  title: string;
  bodyHtml: string;
  styleMode: WidgetStyle;
  displayType: 'icon-only' | 'background-image';
  icon: string | null;
  customLabel: string | null;
  imageUrl: string;
  backgroundImageUrl: string | null;
  prices: readonly PackagePriceView[];
}

export type PackageMode = 'subscription' | 'match-pass';

/**
 * Spec §3 Widget data (the streamer config's `widget`, schema in src/schemas/streaming): style,
 * title, footer style, the two footer calls to action, the tabs' own empty texts (null: spec
 * §8's) and the voucher panel's texts.
 */
export interface WidgetData {
  style: WidgetStyle;
  title: string;
  footerStyle: WidgetStyle;
  cta1Text: string;
  cta1ButtonCta: string;
  cta2Text: string;
  cta2ButtonCta: string;
  cta2ButtonLink: string;
  noSubscriptionsText: string | null;
  noMatchPassesText: string | null;
  voucherTitle: string;
  voucherText: string;
  voucherButton: string;
}
/** Widget data style and package styleMode (spec §3). */
export type WidgetStyle = 'light' | 'dark';

/** Spec §2/§6: the note anonymous visitors see on package cards (also the login prompt's message). */
export const LOGGED_OUT_NOTE = 'You must be logged in to purchase';
/** Spec §6: the price label of a package the user holds. */
export const MANAGE_SUBSCRIPTIONS_LABEL = 'Manage Subscriptions';
/** Spec §2: the subscribe packages panel's heading. */
export const CHOOSE_SUBSCRIPTION_HEADING = 'Choose a subscription';
/** Spec §8: the subscribe packages panel when it has no packages. */
export const NO_PACKAGES_TEXT = 'No packages available';
/** Spec §8: checkout redirect failure (an alert). */
export const CHECKOUT_UNAVAILABLE_MESSAGE = 'Sorry, checkout is not currently available, please try again';
/** Spec §2: the subscribe packages panel shows up to this many groups. */
export const MAX_PACKAGE_GROUPS = 3;

/** Spec §2: card width below and from the wide breakpoint, base height, extra per price option. */
export const PACKAGE_CARD = { width: 288, wideWidth: 320, wideFrom: 760, baseHeight: 480, perExtraPrice: 80, pricesInBase: 2 } as const;

/** One tab of the packages widget. */
export interface PackageTab {
  mode: PackageMode;
  label: string;
  packages: PackageView[];
  /** What the tab shows when `packages` is empty. */
  emptyText: string;
}

/** Spec §2 tab order (the first is the default) with spec §8's empty texts. */
const TABS: readonly { mode: PackageMode; label: string; emptyText: string }[] = [
  { mode: 'subscription', label: 'Subscriptions', emptyText: 'There are currently no Subscriptions available.' },
  { mode: 'match-pass', label: 'Match passes', emptyText: 'There are currently no Match Passes available.' },
];

/**
 * The widget's two tabs in order, each with its packages (catalogue order kept) and empty text:
 * the widget data's noSubscriptionsText / noMatchPassesText when set (non-blank), else spec §8's.
 */
export function packageTabs(
  packages: readonly PackageView[],
  widget: { noSubscriptionsText?: string | null; noMatchPassesText?: string | null } = {},
): PackageTab[] {
  const own: Record<PackageMode, string | null | undefined> = { subscription: widget.noSubscriptionsText, 'match-pass': widget.noMatchPassesText };
  return TABS.map((tab) => ({
    ...tab,
    packages: packages.filter((p) => p.mode === tab.mode),
    emptyText: own[tab.mode]?.trim() ? own[tab.mode]!.trim() : tab.emptyText,
  }));
}

/**
 * The subscribe packages panel's groups (spec §2: a switcher of up to 3 groups): the widget's tabs
 * that have packages, at most MAX_PACKAGE_GROUPS. Empty when there are no packages at all (the
 * panel then says NO_PACKAGES_TEXT).
 */
export function packageGroups(packages: readonly PackageView[]): PackageTab[] {
  return packageTabs(packages)
    .filter((tab) => tab.packages.length > 0)
    .slice(0, MAX_PACKAGE_GROUPS);
}

/** Spec §3 PackageType: 'Listen' if the title contains 'audio' (any case), else 'Watch'. */
export function packageType(title: string): 'Watch' | 'Listen' {
  return title.toLowerCase().includes('audio') ? 'Listen' : 'Watch';
}

/** Spec §3 Class: 'audio' for a Listen package, else 'video'. */
export function packageClass(title: string): 'audio' | 'video' {
  return packageType(title) === 'Listen' ? 'audio' : 'video';
}

/** Spec §2: a card's height in px for `priceCount` price options (480, plus 80 per option beyond 2). */
export function packageCardHeight(priceCount: number): number {
  return PACKAGE_CARD.baseHeight + PACKAGE_CARD.perExtraPrice * Math.max(0, priceCount - PACKAGE_CARD.pricesInBase);
}

/** Spec §2: a card's width in px at a viewport width (288, or 320 from 760 px). */
export function packageCardWidth(viewportWidth: number): number {
  return viewportWidth >= PACKAGE_CARD.wideFrom ? PACKAGE_CARD.wideWidth : PACKAGE_CARD.width;
}

/** Spec §2: 'border' when the widget style equals the package's styleMode, otherwise 'shadow'. */
export function packageCardDecoration(widgetStyle: WidgetStyle, styleMode: WidgetStyle): 'border' | 'shadow' {
  return widgetStyle === styleMode ? 'border' : 'shadow';
}

/**
 * Whether a user holding `held` (null: not loaded) holds a price's entitlements: every one of
 * them. An empty requirement is never "held" (nothing to manage).
 */
export function holdsPrice(held: readonly string[] | null, price: Pick<PackagePriceView, 'entitlements'>): boolean {
  if (held === null || price.entitlements.length === 0) return false;
  const set = new Set(held);
  return price.entitlements.every((e) => set.has(e));
}

/** Spec §6: whether a user holds the package's entitlements (those of any one of its prices). */
export function holdsPackage(held: readonly string[] | null, pkg: Pick<PackageView, 'prices'>): boolean {
  return pkg.prices.some((price) => holdsPrice(held, price));
}

/**
 * The service-provider form's AmountFormatted and Duration (spec §3) of a catalogue price: a
 * recurring price shown as '{amount} per month' is rolling monthly (Duration null, AmountFormatted
 * the amount); any other price keeps its whole display as the amount and has a duration
 * ('one-off', or the recurring period as displayed).
 */
export function serviceFormOf(price: Pick<PackagePriceView, 'type' | 'priceDisplay'>): { AmountFormatted: string; Duration: string | null } {
  const display = price.priceDisplay.trim();
  const monthly = /^(.+?)\s+per month$/i.exec(display);
  if (price.type === 'recurring' && monthly) return { AmountFormatted: monthly[1]!, Duration: null };
  return { AmountFormatted: display, Duration: price.type === 'one-off' ? 'one-off' : display };
}

/** Spec §2: 'Buy - {amount}', with ' p/m' added for a package with no duration. */
export function buyLabel(form: { AmountFormatted: string; Duration: string | null }): string {
  return `Buy - ${form.AmountFormatted}${form.Duration === null ? ' p/m' : ''}`;
}

/** Spec §2/§6: a price option's button label for a user holding `held`. */
export function priceLabel(held: readonly string[] | null, pkg: Pick<PackageView, 'prices'>, price: PackagePriceView): string {
  return holdsPackage(held, pkg) ? MANAGE_SUBSCRIPTIONS_LABEL : buyLabel(serviceFormOf(price));
}

/** What a purchase click does (spec §4 Purchase click). */
export type PurchaseAction = 'login-prompt' | 'account-box' | 'checkout';

/**
 * Spec §4: signed out → 'login-prompt'; signed in and holding the package's entitlements →
 * 'account-box'; otherwise 'checkout'.
 */
export function purchaseAction(viewer: { loggedIn: boolean; entitlements: readonly string[] | null }, pkg: Pick<PackageView, 'prices'>): PurchaseAction {
  if (!viewer.loggedIn) return 'login-prompt';
  return holdsPackage(viewer.entitlements, pkg) ? 'account-box' : 'checkout';
}

/** The return from Stripe Checkout read from a page's query string; null when it is not one. */
export type CheckoutReturn = { kind: 'success'; sessionId: string | null } | { kind: 'cancelled' };

/**
 * Reads `?checkout=success&session_id=…` or `?checkout=cancelled` (the packages'
 * successfulPaymentPage / cancelledPaymentPage; Stripe fills {CHECKOUT_SESSION_ID}). The session
 * id is passed on as typed (the payments client checks it against the contract) or null when absent.
 */
export function checkoutReturnOf(search: string): CheckoutReturn | null {
  const params = new URLSearchParams(search);
  const state = params.get('checkout');
  if (state === 'cancelled') return { kind: 'cancelled' };
  if (state !== 'success') return null;
  const sessionId = params.get('session_id');
  return { kind: 'success', sessionId: sessionId && sessionId.trim() !== '' ? sessionId : null };
}

/** What the page does with create-checkout's answer. */
export type CheckoutOutcome = 'redirect' | 'account-box' | 'login-prompt' | 'unavailable';

/**
 * Create-checkout's answer → the next step (spec §4, §8): a session → 'redirect' to its url; 409
 * 'already_entitled' (another tab or a late webhook granted it) → 'account-box'; 401 (the session
 * ended) → 'login-prompt'; anything else → 'unavailable' (the alert CHECKOUT_UNAVAILABLE_MESSAGE).
 */
export function checkoutOutcome(answer: { ok: true } | { ok: false; status: number; code: string }): CheckoutOutcome {
  if (answer.ok) return 'redirect';
  if (answer.status === 409 && answer.code === 'already_entitled') return 'account-box';
  if (answer.status === 401) return 'login-prompt';
  return 'unavailable';
}
