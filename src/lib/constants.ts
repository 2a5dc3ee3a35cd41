/**
 * Business constants and limits of the Terrace club site (spec §9, plus the
 * few numbers §2 and §4 attach to the same behaviours).
 *
 * Units are in the names: `_MS` milliseconds, `_SECONDS` seconds, `_DAYS`
 * days; pixel sizes are plain numbers in CSS pixels. Every value is
 * `as const`, so its literal type is available to callers.
 *
 * Framework-free: no imports, safe to use from Astro pages, React islands and
 * tests alike.
 */

// ---------------------------------------------------------------------------
// Season, locale, time (§9, §3 "Platform settings")
// ---------------------------------------------------------------------------

/** Start year of the current season (the 2025/26 season). */
export const SEASON_CURRENT = 2025 as const;
/** Display label of the current season. */
export const SEASON_LABEL = '2025/26' as const;
/** URL slug of the current season (e.g. `/matches/u21/2025-26`). */
export const SEASON_SLUG = '2025-26' as const;
/** Season slug for which pre-season mode ("fixtures coming soon") is on (§4). */
export const PRESEASON_SEASON_SLUG = '2025-26' as const;
/** IANA zone in which every date and kick-off time is shown. */
export const TIMEZONE = 'Europe/London' as const;
/** Site language (`<html lang>` and date-library locale). */
export const LOCALE = 'en' as const;

/** Default date format (dayjs tokens), e.g. '5 Aug 2025'. */
export const DATE_FORMAT_DEFAULT = 'D MMM YYYY' as const;
/** Match date format (dayjs tokens), e.g. 'Sat 5 Aug'. */
export const DATE_FORMAT_MATCH = 'ddd D MMM' as const;

// ---------------------------------------------------------------------------
// Teams (§3, §9)
// ---------------------------------------------------------------------------

/** Data ids of the four teams. */
export const TEAM_IDS = {
  firstTeam: 't110',
  under21s: 't12935',
  under18s: 't6747',
  women: 't9173',
} as const;

/** Data slugs of the four teams; the first team's slug is empty in the data (§3). */
export const TEAM_SLUGS = {
  firstTeam: '',
  under21s: 'u21',
  under18s: 'u18',
  women: 'women',
} as const;

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
/** The news archive is not available. */
export const NEWS_ARCHIVE_AVAILABLE = false as const;
export const NEWS_LOAD_MORE_LABEL = 'Load more news' as const;
export const NEWS_LOAD_PREVIOUS_LABEL = 'Load previous news' as const;
/**
 * Articles per page of the news listings (/news, /category/:category and their /page/N pages).
 * Not in the spec (it has 'Load more news' but no number): 12 fills whole rows of the 4-, 2- and
 * 1-column news grid.
 */
export const NEWS_LISTING_PAGE_SIZE = 12 as const;

/** Presentation choices listed in §9. */
export const NEWS_PAGE_STYLE = 'dark' as const;
export const NEWS_GRID_VERSION = 'v1' as const;
export const HEADER_TYPE = 'core-1' as const;
export const HEADER_VARIANT = 'sticky' as const;
export const ARTICLE_CARD_STYLE = 'image-overlay' as const;
export const PLAYER_STRUCTURE_STYLE = 'v3' as const;

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
/** Streamer replays playlist: items fetched and grid columns. */
export const REPLAYS_PLAYLIST_AMOUNT = 10 as const;
export const REPLAYS_GRID_COLUMNS = 5 as const;
/** Player: back buffer length (seconds) and autoplay. */
export const PLAYER_BACK_BUFFER_SECONDS = 8 as const;
export const PLAYER_AUTOPLAY = false as const;

// ---------------------------------------------------------------------------
// Timings (§9; hash-scroll offset from §2, carousel start and prefetch from §4/§7)
// ---------------------------------------------------------------------------

export const ERROR_NOTIFICATION_MS = 30_000 as const;
export const ACCOUNT_NOTIFICATION_MS = 4_000 as const;
export const CONCURRENCY_PING_MS = 30_000 as const;
export const LOGOUT_NOTICE_DELAY_MS = 600 as const;
export const HASH_SCROLL_DELAY_MS = 1_000 as const;
/** Vertical offset (px) applied when scrolling to a hash anchor. */
export const HASH_SCROLL_OFFSET = -130 as const;
export const LOADING_BAR_THROTTLE_MS = 200 as const;
export const LOADING_BAR_DURATION_MS = 5_000 as const;
export const LOADING_BAR_HIDE_MS = 500 as const;
export const FOOTER_ADVERT_REENABLE_MS = 2_000 as const;
export const PAGE_VIEW_EVENT_DELAY_MS = 250 as const;
export const PLAYER_LOAD_DELAY_MS = 100 as const;
export const AUDIO_VOLUME_DELAY_MS = 500 as const;
/** Minimum delay before a fetch resolves (loading states stay visible). */
export const MIN_FETCH_DELAY_MS = 200 as const;
export const CAROUSEL_START_DELAY_MS = 100 as const;
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000 as const;

// ---------------------------------------------------------------------------
// Header and layout (§2 "Header styles", §9)
// ---------------------------------------------------------------------------

/** Header height (px) by default. */
export const HEADER_HEIGHT = 90 as const;
/** Header height (px) on small screens. */
export const HEADER_HEIGHT_SMALL = 56 as const;
/** Header height (px) from HEADER_WIDE_MIN_WIDTH upwards. */
export const HEADER_HEIGHT_WIDE = 100 as const;
/** Viewport width (px) from which HEADER_HEIGHT_WIDE applies. */
export const HEADER_WIDE_MIN_WIDTH = 760 as const;
/** Height (px) of the sticky header. */
export const HEADER_HEIGHT_STICKY = 64 as const;
/** Scroll distance (px) past which the header becomes sticky. */
export const HEADER_SCROLL_THRESHOLD = 300 as const;
/** Margin (px) for the sticky nav's "header scrolled out of view" check. */
export const STICKY_HEADER_MARGIN = 300 as const;

/** Responsive breakpoints (px, min-width), ascending. */
export const BREAKPOINTS = [450, 640, 700, 760, 820, 1024, 1100, 1200, 1440] as const;

/** z-index of notifications in general and of the error notification. */
export const Z_INDEX_NOTIFICATION = 2000 as const;
export const Z_INDEX_ERROR_NOTIFICATION = 1000 as const;

/** Carousel: visible items per type and default peek (px). */
export const CAROUSEL_VISIBLE_ITEMS = { 'full-3': 3, 'full-4': 4, 'full-6': 6 } as const;
export const CAROUSEL_PEEK_DEFAULT = 180 as const;

// ---------------------------------------------------------------------------
// Images and adverts (§2 "Other overlays", §9)
// ---------------------------------------------------------------------------

/** Named image sizes (px) requested from the image service. */
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

/** Sponsor rows and how many sponsors each holds. */
export const SPONSOR_ROWS = [
  { title: 'Principal Partners', count: 2 },
  { title: 'Platinum Partners', count: 6 },
  { title: 'Foundation Partners', count: 4 },
] as const;

// ---------------------------------------------------------------------------
// Cookies, redirects, ids (§4, §5, §9)
// ---------------------------------------------------------------------------

/** Cookie set when the visitor answered the cookie notice. */
export const COOKIE_CONSENT = 'cookie_consent_given' as const;
/** Cookie set when the visitor accepted analytics cookies. */
export const COOKIE_ANALYTICS_CONSENT = 'cookie_analytics_consent_given' as const;
/** Lifetime (days) of the consent cookies. */
export const CONSENT_COOKIE_DAYS = 60 as const;
/** Lifetime (days) of the site-lock cookie. */
export const SITE_LOCK_COOKIE_DAYS = 60 as const;
/** Expiry date (YYYY-MM-DD) of the seen-promos cookie. */
export const SEEN_PROMO_COOKIE_EXPIRY = '2099-12-31' as const;

/** HTTP status of a redirect when none is given. */
export const DEFAULT_REDIRECT_STATUS = 302 as const;

/** Upper bound (inclusive) of random session and event-log ids; lower bound is 1. */
export const RANDOM_ID_MAX = 1_000_000 as const;
