import { describe, expect, it } from 'vitest';
import * as c from '../../src/lib/constants';

describe('constants (spec §9)', () => {
  it('season, zone and locale', () => {
    expect(c.SEASON_CURRENT).toBe(2025);
    expect(c.SEASON_LABEL).toBe('2025/26');
    expect(c.SEASON_SLUG).toBe('2025-26');
    expect(c.PRESEASON_SEASON_SLUG).toBe('2025-26');
    expect(c.TIMEZONE).toBe('Europe/London');
    expect(c.LOCALE).toBe('en');
    expect(c.DATE_FORMAT_DEFAULT).toBe('D MMM YYYY');
    expect(c.DATE_FORMAT_MATCH).toBe('ddd D MMM');
  });

  it('teams', () => {
    expect(c.TEAM_IDS).toEqual({ firstTeam: 't110', under21s: 't12935', under18s: 't6747', women: 't9173' });
    expect(c.TEAM_SLUGS).toEqual({ firstTeam: '', under21s: 'u21', under18s: 'u18', women: 'women' });
    expect(c.FIRST_TEAM_SEGMENT).toBe('first-team');
  });

  it('news and video limits', () => {
    expect(c.RELATED_NEWS_QUANTITY).toBe(4);
    expect(c.NEWS_SEARCH_PAGE_SIZE).toBe(8);
    expect(c.NEWS_PAGE_WINDOW).toBe(5);
    expect(c.NEWS_ARCHIVE_AVAILABLE).toBe(false);
    expect([c.NEWS_LOAD_MORE_LABEL, c.NEWS_LOAD_PREVIOUS_LABEL]).toEqual(['Load more news', 'Load previous news']);
    expect([c.NEWS_PAGE_STYLE, c.NEWS_GRID_VERSION, c.HEADER_TYPE, c.HEADER_VARIANT, c.ARTICLE_CARD_STYLE, c.PLAYER_STRUCTURE_STYLE]).toEqual([
      'dark',
      'v1',
      'core-1',
      'sticky',
      'image-overlay',
      'v3',
    ]);
    expect(c.VIDEO_SIDEBAR_PAGE_SIZE).toBe(10);
    expect(c.VIDEO_TITLE_LIMIT).toBe(48);
    expect(c.VIDEO_THUMBNAIL_WIDTH_SIDEBAR).toBe(200);
    expect(c.VIDEO_THUMBNAIL_WIDTH_SEARCH).toBe(300);
    expect(c.HOUR_FORMAT_SWITCH_SECONDS).toBe(3600);
    expect(c.VIDEO_SEARCH_PAGE_SIZE).toBe(12);
    expect(c.REPLAYS_PLAYLIST_AMOUNT).toBe(10);
    expect(c.REPLAYS_GRID_COLUMNS).toBe(5);
    expect(c.PLAYER_BACK_BUFFER_SECONDS).toBe(8);
    expect(c.PLAYER_AUTOPLAY).toBe(false);
  });

  it('timings in milliseconds', () => {
    expect({
      error: c.ERROR_NOTIFICATION_MS,
      account: c.ACCOUNT_NOTIFICATION_MS,
      ping: c.CONCURRENCY_PING_MS,
      logout: c.LOGOUT_NOTICE_DELAY_MS,
      hash: c.HASH_SCROLL_DELAY_MS,
      throttle: c.LOADING_BAR_THROTTLE_MS,
      duration: c.LOADING_BAR_DURATION_MS,
      hide: c.LOADING_BAR_HIDE_MS,
      footerAdvert: c.FOOTER_ADVERT_REENABLE_MS,
      pageView: c.PAGE_VIEW_EVENT_DELAY_MS,
      playerLoad: c.PLAYER_LOAD_DELAY_MS,
      audioVolume: c.AUDIO_VOLUME_DELAY_MS,
      fetch: c.MIN_FETCH_DELAY_MS,
      carousel: c.CAROUSEL_START_DELAY_MS,
      prefetch: c.PREFETCH_IDLE_TIMEOUT_MS,
    }).toEqual({
      error: 30_000,
      account: 4_000,
      ping: 30_000,
      logout: 600,
      hash: 1_000,
      throttle: 200,
      duration: 5_000,
      hide: 500,
      footerAdvert: 2_000,
      pageView: 250,
      playerLoad: 100,
      audioVolume: 500,
      fetch: 200,
      carousel: 100,
      prefetch: 2_000,
    });
    expect(c.HASH_SCROLL_OFFSET).toBe(-130);
  });

  it('header and layout', () => {
    expect(c.HEADER_HEIGHT).toBe(90);
    expect(c.HEADER_HEIGHT_SMALL).toBe(56);
    expect(c.HEADER_HEIGHT_WIDE).toBe(100);
    expect(c.HEADER_WIDE_MIN_WIDTH).toBe(760);
    expect(c.HEADER_HEIGHT_STICKY).toBe(64);
    expect(c.HEADER_SCROLL_THRESHOLD).toBe(300);
    expect(c.STICKY_HEADER_MARGIN).toBe(300);
    expect(c.BREAKPOINTS).toEqual([450, 640, 700, 760, 820, 1024, 1100, 1200, 1440]);
    expect(c.Z_INDEX_NOTIFICATION).toBe(2000);
    expect(c.Z_INDEX_ERROR_NOTIFICATION).toBe(1000);
    expect(c.CAROUSEL_VISIBLE_ITEMS).toEqual({ 'full-3': 3, 'full-4': 4, 'full-6': 6 });
    expect(c.CAROUSEL_PEEK_DEFAULT).toBe(180);
  });

  it('image sizes, adverts and sponsors', () => {
    expect(c.IMAGE_SIZES).toEqual({
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
    });
    expect(c.ADVERT_WIDTHS).toEqual({ mpu: 300, banner: 728, largeBanner: 1000 });
    expect(c.SPONSOR_ROWS).toEqual([
      { title: 'Principal Partners', count: 2 },
      { title: 'Platinum Partners', count: 6 },
      { title: 'Foundation Partners', count: 4 },
    ]);
  });

  it('cookies, redirects and ids', () => {
    expect(c.COOKIE_CONSENT).toBe('cookie_consent_given');
    expect(c.COOKIE_ANALYTICS_CONSENT).toBe('cookie_analytics_consent_given');
    expect(c.CONSENT_COOKIE_DAYS).toBe(60);
    expect(c.SITE_LOCK_COOKIE_DAYS).toBe(60);
    expect(c.SEEN_PROMO_COOKIE_EXPIRY).toBe('2099-12-31');
    expect(c.DEFAULT_REDIRECT_STATUS).toBe(302);
    expect(c.RANDOM_ID_MAX).toBe(1_000_000);
  });
});
