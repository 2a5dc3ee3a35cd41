/**
 * Business constants and limits the code uses (spec §9, and the numbers §2 and §4 attach to the
 * same behaviours). Only what something imports lives here (STYLE.md §1); tests check the
 * behaviour these values drive, not the values. Units are in the names (`_MS`, `_SECONDS`,
 * `_DAYS`; pixel sizes in CSS pixels); every value is `as const`. No imports: safe anywhere.
 */

// ---------------------------------------------------------------------------
// Time and dates (§9, §3 "Platform settings")
// ---------------------------------------------------------------------------

/** IANA zone in which every date and kick-off time is shown. */
export const TIMEZONE = 'Europe/London' as const;
/** Default date format (dayjs tokens), e.g. '5 Aug 2025'. */
export const DATE_FORMAT_DEFAULT = 'D MMM YYYY' as const;
/** Match date format (dayjs tokens), e.g. 'Sat 5 Aug'. */
export const DATE_FORMAT_MATCH = 'ddd D MMM' as const;

// ---------------------------------------------------------------------------
// Teams (§3, §9)
// ---------------------------------------------------------------------------

/** URL segment used for the first team, whose data slug is empty. */
export const FIRST_TEAM_SEGMENT = 'first-team' as const;

// ---------------------------------------------------------------------------
// News (§9)
// ---------------------------------------------------------------------------

/** Number of related articles under a news article. */
export const RELATED_NEWS_QUANTITY = 4 as const;
/** Results per page in news search (`size=8`, `start=page*8`, §7). */
export const NEWS_SEARCH_PAGE_SIZE = 8 as const;
/** Number of page links in the search pagination window. */
export const NEWS_PAGE_WINDOW = 5 as const;
/** Text of the news listings' link to the next page of articles. */
export const NEWS_LOAD_MORE_LABEL = 'Load more news' as const;
/** Text of the news listings' link to the previous page of articles. */
export const NEWS_LOAD_PREVIOUS_LABEL = 'Load previous news' as const;
/**
 * Articles per page of the news listings (/news, /category/:category and their /page/N pages).
 * Not in the spec (it has 'Load more news' but no number): 12 fills whole rows of the 4-, 2- and
 * 1-column news grid.
 */
export const NEWS_LISTING_PAGE_SIZE = 12 as const;
/** The first cards of a news grid whose images load eagerly (above the fold); the rest load lazily. */
export const NEWS_GRID_EAGER_CARDS = 2 as const;

// ---------------------------------------------------------------------------
// Video (§2 "Video player overlay", §9)
// ---------------------------------------------------------------------------

/** Items per page in the video player sidebar feed. */
export const VIDEO_SIDEBAR_PAGE_SIZE = 10 as const;
/** Video titles longer than this many characters are truncated with '…'. */
export const VIDEO_TITLE_LIMIT = 48 as const;
/** Thumbnail width (px) in the video player sidebar. */
export const VIDEO_THUMBNAIL_WIDTH_SIDEBAR = 200 as const;
/** Thumbnail width (px) in video search results. */
export const VIDEO_THUMBNAIL_WIDTH_SEARCH = 300 as const;
/** Durations of this many seconds or more are shown as 'H[hr] mm'. */
export const HOUR_FORMAT_SWITCH_SECONDS = 3600 as const;
/** Default page size of video search. */
export const VIDEO_SEARCH_PAGE_SIZE = 12 as const;
/** Player back buffer length (seconds). */
export const PLAYER_BACK_BUFFER_SECONDS = 8 as const;

// ---------------------------------------------------------------------------
// Timings (§9; hash-scroll offset from §2, carousel start from §4)
// ---------------------------------------------------------------------------

/** Error notification auto-close (§9). */
export const ERROR_NOTIFICATION_MS = 30_000 as const;
/** Account notification auto-close (§9). */
export const ACCOUNT_NOTIFICATION_MS = 4_000 as const;
/** After logging out, delay before the account header closes and 'Logged Out' shows (§4). */
export const LOGOUT_NOTICE_DELAY_MS = 600 as const;
/** Delay before a hash link scrolls smoothly to its anchor (§2). */
export const HASH_SCROLL_DELAY_MS = 1_000 as const;
/** Vertical offset (px) applied when scrolling to a hash anchor. */
export const HASH_SCROLL_OFFSET = -130 as const;
/** Page loading bar: throttle before it starts (§4). */
export const LOADING_BAR_THROTTLE_MS = 200 as const;
/** Page loading bar: nominal duration (§4). */
export const LOADING_BAR_DURATION_MS = 5_000 as const;
/** Page loading bar: it hides this long after finishing (§4). */
export const LOADING_BAR_HIDE_MS = 500 as const;
/** Footer adverts are re-enabled this long after each route change (§4). */
export const FOOTER_ADVERT_REENABLE_MS = 2_000 as const;
/** A page-view event is pushed to the tag manager this long after each route change (§4). */
export const PAGE_VIEW_EVENT_DELAY_MS = 250 as const;
/** The player loads this long after the session check answers 200 (§4). */
export const PLAYER_LOAD_DELAY_MS = 100 as const;
/** Playing sets the volume to 1 after this delay for the streaming provider (§4). */
export const AUDIO_VOLUME_DELAY_MS = 500 as const;
/** Minimum delay before a fetch resolves (loading states stay visible). */
export const MIN_FETCH_DELAY_MS = 200 as const;
/** A carousel starts this long after mount (§4). */
export const CAROUSEL_START_DELAY_MS = 100 as const;
/** On a first visit an overlay promo waits this long after the cookie notice is answered (docs/phone.md). */
export const PROMO_READ_DELAY_MS = 30_000 as const;

// ---------------------------------------------------------------------------
// Header and layout (§2 "Header styles", §9)
// ---------------------------------------------------------------------------

/** Margin (px) for the sticky nav's "header scrolled out of view" check. */
export const STICKY_HEADER_MARGIN = 300 as const;
/** Carousel: visible items per carousel type. */
export const CAROUSEL_VISIBLE_ITEMS = { 'full-3': 3, 'full-4': 4, 'full-6': 6 } as const;
/** Carousel: default peek (px) of the next slide. */
export const CAROUSEL_PEEK_DEFAULT = 180 as const;

// ---------------------------------------------------------------------------
// Images and adverts (§2 "Other overlays", §9)
// ---------------------------------------------------------------------------

/** Named image sizes (px) requested from the image service (src/lib/images). */
export const IMAGE_SIZES = {
  placeholder: { width: 1000, height: 1000 },
  audio: { width: 600, height: 600 },
  sponsor: { width: 400, height: 400 },
  search: { width: 400, height: 400 },
  advert: { width: 750, height: 750 },
  footerAdvert: { width: 500, height: 500 },
  promo: { width: 1400, height: 1400 },
  categoryCard: { width: 400, height: 600 },
  packageLandscape: { width: 800, height: 450 },
  packageBackground: { width: 600, height: 900 },
} as const;

/** Advert slot widths (px). */
export const ADVERT_WIDTHS = { mpu: 300, banner: 728, largeBanner: 1000 } as const;

// ---------------------------------------------------------------------------
// Cookies (§4, §9)
// ---------------------------------------------------------------------------

/** Lifetime (days) of the consent cookies. */
export const CONSENT_COOKIE_DAYS = 60 as const;
/** Lifetime (days) of the site-lock cookie. */
export const SITE_LOCK_COOKIE_DAYS = 60 as const;
/** Expiry date (YYYY-MM-DD) of the seen-promos cookie. */
export const SEEN_PROMO_COOKIE_EXPIRY = '2099-12-31' as const;
