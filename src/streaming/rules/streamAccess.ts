/**
 * Stream access rules (spec §4 "Playing a video", "Stream session check",
 * §8 "Access errors", "Stream codes from the session check", §9 "concurrency ping 30 s"). Pure:
 * no DOM, no node:, no astro:. Used by the session-check route (which codes it answers, in which
 * order) and by the players (what a session check's answer means: status, text, link, preventVideo).
 *
 * - {@link decideStreamAccess}: the server's order of checks → null (allowed) or a stream error code;
 * - {@link streamAccessOf}: a session check's outcome → spec §4 status -1/0/1/2/3 (null for 'other'),
 *   preventVideo type, the spec §8 text, link, and whether the login prompt or upgrade promo opens.
 */

/** Media types a session check names (spec §3 Video player state, plus live audio). */
export const STREAM_MEDIA_TYPES = ['OnDemand', 'DrmLiveVideo', 'LiveAudio'] as const;
/** One of STREAM_MEDIA_TYPES. */
export type StreamMediaType = (typeof STREAM_MEDIA_TYPES)[number];

/** The session check's error codes (spec §8 "Stream codes from the session check"). */
export const STREAM_ERROR_CODES = ['ERR_3684853_1', 'ERR_3684853_2', 'ERR_3684853_3', 'ERR_56882466_1', 'ERR_56882466_2', 'ERR_54648_1'] as const;
/** One of STREAM_ERROR_CODES. */
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];

/** Named codes, for readability at call sites. */
export const STREAM_CODES = Object.freeze({
  loginRequired: 'ERR_3684853_1',
  unavailable: 'ERR_3684853_2',
  notEntitled: 'ERR_3684853_3',
  blocked: 'ERR_56882466_1',
  country: 'ERR_56882466_2',
  concurrency: 'ERR_54648_1',
} as const satisfies Record<string, StreamErrorCode>);

/** Seconds between heartbeats (spec §9 "concurrency ping 30 s"). */
export const STREAM_HEARTBEAT_SECONDS = 30 as const;
/** A lease lapses after two missed heartbeats plus slack: 75 s. */
export const STREAM_LEASE_SECONDS = 75;
/** Default number of video screens per account (STREAM_CONCURRENCY_LIMIT). */
export const STREAM_CONCURRENCY_DEFAULT = 2;

/** Spec §8 texts, exactly. */
export const STREAM_TEXTS = Object.freeze({
  signIn: 'Please Sign In to access this stream',
  signInAccess: 'Please Sign In to access this',
  noSubscriptions: 'Sorry but you do not have any subscriptions',
  notSubscribed: 'Sorry but you are not subscribed to this stream',
  blocked: 'Your account has been blocked by an administrator',
  unavailable: 'Sorry but there is an issue with this stream',
  country: 'Sorry but users within this country are not allowed to play this stream',
  concurrency: 'Your account has reached the limit for concurrent streaming. Please log out of some browsers and devices and try again',
  other: 'Sorry, there has been a problem accessing this stream',
  connectFailure: 'There was a problem connecting to the video service',
  tryAgain: 'Please try again in a few minutes',
} as const);

/** The platform's code when it cannot hand out playback at all (503: no signing key, no stream host). */
export const STREAMING_UNAVAILABLE = 'streaming_unavailable';

/** preventVideo types of spec §4 "Stream session check" (403). */
export type PreventVideoType = 'blocked' | 'requireLogin' | 'requirePremium';

/** Spec §4 "Playing a video" status: -1 embed, 0 not logged in, 1 no subscription, 2 not enough entitlements, 3 blocked. */
export type PlayStatus = -1 | 0 | 1 | 2 | 3;

/** Where the error box's links go; every field optional (defaults below). */
export interface StreamLinks {
  /** Sign-in page (default '/account/login', spec §8). */
  login?: string;
  /** Upgrade (packages) page (default '/videos/subscriptions'). */
  upgrade?: string;
  /** FAQ page (default '/videos/subscriptions#faq'). */
  faq?: string;
  /** Support contact (default '/contact'). */
  support?: string;
}

const DEFAULT_LINKS: Required<StreamLinks> = {
  login: '/account/login',
  upgrade: '/videos/subscriptions',
  faq: '/videos/subscriptions#faq',
  support: '/contact',
};

/** A link in the error box. */
export interface StreamLink {
  text: string;
  href: string;
}

/** What the player shows for a session check's answer. */
export interface StreamAccess {
  /** Spec §4 status; null means 'Other' (generic error with the status or code shown). */
  status: PlayStatus | null;
  /** The error code, when the answer was refused with one. */
  code?: string;
  /** Spec §4 preventVideo type for 403 answers that have one. */
  preventVideo?: PreventVideoType;
  /** The text for the error box (spec §8); '' when allowed. */
  text: string;
  /** Links under the text (login; or upgrade, FAQ and support). */
  links: StreamLink[];
  /** On-demand status 0 opens the login prompt (spec §4). */
  openLoginPrompt: boolean;
  /**
   * On-demand status 1 and 2 open the upgrade promo in place of the player (spec §4); live video
   * and live audio keep spec §8's text in the player (src/streaming/rules/playerNotice;
   * docs/streaming-api.md "One notice").
   */
  openUpgradePromo: boolean;
}

/** A session check's outcome as the client sees it. */
export type SessionCheckOutcome =
  | { ok: true }
  | {
      ok: false;
      /** HTTP status (0 when nothing came back). */
      httpStatus: number;
      /** errors[0].code (or the API envelope's code). */
      code?: string;
      /** Whether the viewer holds any entitlement at all (separates status 1 from 2); default false. */
      hasSubscriptions?: boolean;
    };

/**
 * The spec §4/§8 meaning of a session check's outcome for `mediaType`.
 * 200 → status -1; ERR_3684853_1 → 0 requireLogin 'Please Sign In to access this stream' + login
 * link (on demand: login prompt); ERR_3684853_3 → 1 'Sorry but you do not have any subscriptions'
 * (no entitlements held) or 2 'Sorry but you are not subscribed to this stream', requirePremium,
 * upgrade/FAQ/support links (on demand: upgrade promo); ERR_56882466_1 → 3 blocked; the country,
 * concurrency and unavailable codes → their texts with status null; the platform's 503
 * streaming_unavailable → the connect failure text; anything else → null with
 * 'Sorry, there has been a problem accessing this stream (code)'.
 */
export function streamAccessOf(outcome: SessionCheckOutcome, mediaType: StreamMediaType, links: StreamLinks = {}): StreamAccess {
  const to = { ...DEFAULT_LINKS, ...links };
  const onDemand = mediaType === 'OnDemand';
  const base = { links: [] as StreamLink[], openLoginPrompt: false, openUpgradePromo: false };
  if (outcome.ok) return { ...base, status: -1, text: '' };
  const code = outcome.code;
  switch (code) {
    case STREAM_CODES.loginRequired:
      return {
        ...base,
        status: 0,
        code,
        preventVideo: 'requireLogin',
        text: STREAM_TEXTS.signIn,
        links: [{ text: 'Sign In', href: to.login }],
        openLoginPrompt: onDemand,
      };
    case STREAM_CODES.notEntitled: {
      const subscribed = outcome.hasSubscriptions === true;
      return {
        ...base,
        status: subscribed ? 2 : 1,
        code,
        preventVideo: 'requirePremium',
        text: subscribed ? STREAM_TEXTS.notSubscribed : STREAM_TEXTS.noSubscriptions,
        links: subscribed
          ? [{ text: 'Upgrade', href: to.upgrade }]
          : [
              { text: 'Upgrade', href: to.upgrade },
              { text: 'FAQ', href: to.faq },
              { text: 'Contact support', href: to.support },
            ],
        openUpgradePromo: onDemand,
      };
    }
    case STREAM_CODES.blocked:
      return { ...base, status: 3, code, preventVideo: 'blocked', text: STREAM_TEXTS.blocked };
    case STREAM_CODES.country:
      return { ...base, status: null, code, text: STREAM_TEXTS.country };
    case STREAM_CODES.concurrency:
      return { ...base, status: null, code, text: STREAM_TEXTS.concurrency };
    case STREAM_CODES.unavailable:
      return { ...base, status: null, code, text: STREAM_TEXTS.unavailable };
    case STREAMING_UNAVAILABLE:
      return { ...base, status: null, code, text: STREAM_TEXTS.connectFailure };
    default:
      return { ...base, status: null, ...(code ? { code } : {}), text: `${STREAM_TEXTS.other} (${code ?? outcome.httpStatus})` };
  }
}

/**
 * The 403 body's detail for a stream limited to some countries when the platform's geolocation gave
 * no country (not a spec §8 text: the players show the country text for the code).
 */
export const STREAM_COUNTRY_UNKNOWN_DETAIL = 'Sorry but we could not tell which country you are in, and this stream is only available in some countries';

/**
 * The 403 body's title and detail for a code (detail: the spec §8 text; the country code with
 * `countryUnknown`: STREAM_COUNTRY_UNKNOWN_DETAIL).
 */
export function streamErrorText(
  code: StreamErrorCode,
  options: { hasSubscriptions?: boolean; countryUnknown?: boolean } = {},
): { title: string; detail: string } {
  switch (code) {
    case 'ERR_3684853_1':
      return { title: 'Login required', detail: STREAM_TEXTS.signIn };
    case 'ERR_3684853_2':
      return { title: 'Stream unavailable', detail: STREAM_TEXTS.unavailable };
    case 'ERR_3684853_3':
      return { title: 'Not subscribed', detail: options.hasSubscriptions ? STREAM_TEXTS.notSubscribed : STREAM_TEXTS.noSubscriptions };
    case 'ERR_56882466_1':
      return { title: 'Account blocked', detail: STREAM_TEXTS.blocked };
    case 'ERR_56882466_2':
      return options.countryUnknown
        ? { title: 'Country unknown', detail: STREAM_COUNTRY_UNKNOWN_DETAIL }
        : { title: 'Country not allowed', detail: STREAM_TEXTS.country };
    case 'ERR_54648_1':
      return { title: 'Concurrent streaming limit', detail: STREAM_TEXTS.concurrency };
  }
}

/** Everything the server knows when deciding a session check (before the lease is taken). */
export interface StreamAccessFacts {
  /** The playable asset, or null when unknown. */
  asset: { status: 'ready' | 'active' | 'idle' | 'disabled'; entitlements: readonly string[]; allowedCountries?: readonly string[] | null } | null;
  /** The signed-in account, or null when signed out. */
  account: { blocked: boolean; bypassed: boolean; entitlements: readonly string[] } | null;
  /** The viewer's ISO 3166-1 alpha-2 country (upper case), or null when unknown. */
  country: string | null;
  /** Countries allowed everywhere (STREAM_ALLOWED_COUNTRIES) when the asset names none; null/empty = all. */
  defaultAllowedCountries?: readonly string[] | null;
  /** lockEmptyEntitlements (spec §4 rule 4); default true. */
  lockEmptyEntitlements?: boolean;
}

/** Whether content with `entitlements` is open to everyone, signed in or not ('?', spec §4 lock rule 1). */
export function openToEveryone(entitlements: readonly string[]): boolean {
  return entitlements.includes('?');
}

/** Whether `entitlements` (of a video or stream) admit `held` (spec §4 lock state, rules 3–5, for a signed-in viewer). */
export function entitlementsAdmit(entitlements: readonly string[], held: readonly string[], lockEmptyEntitlements = true): boolean {
  if (entitlements.includes('?') || entitlements.includes('*')) return true;
  if (entitlements.length === 0) return !lockEmptyEntitlements;
  return entitlements.some((entitlement) => held.includes(entitlement));
}

/** Whether `country` may play under `allowed` (null or empty list: everywhere; unknown country: only when unrestricted). */
export function countryAllowed(country: string | null, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return country !== null && allowed.includes(country.toUpperCase());
}

/**
 * The session check's decision before concurrency, in order:
 * signed out → ERR_3684853_1 (unless the asset is playable and open to everyone, '?', spec §4
 * rule 1: then only the country rule applies); blocked → ERR_56882466_1; unknown or offline (idle, disabled) asset
 * → ERR_3684853_2; then, unless the account is bypassed, entitlements (spec §4 lock rules) →
 * ERR_3684853_3 and country (the asset's allowed list, else the default list) → ERR_56882466_2.
 * null means allowed (the caller then takes a lease: ERR_54648_1 when over the limit).
 */
export function decideStreamAccess(facts: StreamAccessFacts): StreamErrorCode | null {
  const { account, asset } = facts;
  const playable = asset !== null && asset.status !== 'idle' && asset.status !== 'disabled';
  if (!account) {
    // Spec §4 lock rule 1: '?' is open to everyone, signed in or not.
    if (!playable || !openToEveryone(asset.entitlements)) return STREAM_CODES.loginRequired;
  } else {
    if (account.blocked) return STREAM_CODES.blocked;
    if (!playable) return STREAM_CODES.unavailable;
    if (account.bypassed) return null;
    if (!entitlementsAdmit(asset.entitlements, account.entitlements, facts.lockEmptyEntitlements ?? true)) return STREAM_CODES.notEntitled;
  }
  const allowed = asset.allowedCountries && asset.allowedCountries.length > 0 ? asset.allowedCountries : facts.defaultAllowedCountries;
  if (!countryAllowed(facts.country, allowed)) return STREAM_CODES.country;
  return null;
}
