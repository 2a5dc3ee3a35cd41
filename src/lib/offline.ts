/**
 * Matchday offline rules (docs/offline.md), shared by the build, the service worker and the
 * pages: which content pages are kept for the ground, where a page's file sits in the build,
 * which paths are never cached, and the honest "saved at" line a page read from the cache shows.
 * Pure: paths are site paths ('/tickets/matchday-information'), instants ISO strings or Dates.
 */
import { TIMEZONE } from './constants';

/** The content page section a supporter needs on the way in (spec §2 Content page tree fullPath). */
export const MATCHDAY_INFORMATION_PATH = 'tickets/matchday-information';

/** The stadium's content page (fullPath). */
export const STADIUM_PAGE_PATH = 'club/stadium';

/**
 * The content pages kept for matchday: the matchday information page and every page below it,
 * then the stadium page, each only when the tree has it; in tree order (by fullPath).
 * @param fullPaths fullPath of every published content page.
 */
export function matchdayPagePaths(fullPaths: Iterable<string>): string[] {
  const all = [...fullPaths];
  const matchday = all.filter((p) => p === MATCHDAY_INFORMATION_PATH || p.startsWith(`${MATCHDAY_INFORMATION_PATH}/`)).sort();
  return all.includes(STADIUM_PAGE_PATH) ? [...matchday, STADIUM_PAGE_PATH] : matchday;
}

/**
 * The file a directory build writes for a page path: '/' → 'index.html',
 * '/matches' and '/matches/' → 'matches/index.html'.
 * @throws {RangeError} When the path is not a site path (no leading '/', or a query or fragment).
 */
export function pageFile(pathname: string): string {
  if (!pathname.startsWith('/') || /[?#]/.test(pathname)) throw new RangeError(`not a site path: ${JSON.stringify(pathname)}`);
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/** Whether a path names a page rather than a file: its last segment has no extension ('/news/a-b' yes, '/data/x.json' no). */
export function isPagePath(pathname: string): boolean {
  return !(pathname.split('/').at(-1) ?? '').includes('.');
}

/** The first segment of a site path with its slashes, the section it belongs to: '/api/events' → '/api/'. */
export function pathSection(pathname: string): string {
  const segment = pathname.split('/')[1] ?? '';
  return `/${segment}/`;
}

/**
 * Whether the worker may keep a copy of a path: not inside one of the private sections (the
 * platform API, the account pages), compared segment by segment ('/api' and '/api/x' are inside
 * '/api/', '/apiary' is not).
 * @param privateSections Sections as {@link pathSection} gives them, e.g. ['/api/', '/account/'].
 */
export function isCacheablePath(pathname: string, privateSections: readonly string[]): boolean {
  const section = pathSection(pathname);
  return !privateSections.includes(section);
}

/**
 * Whether a response's Cache-Control lets a copy be kept on the phone: not `no-store`, not `private`.
 * @param cacheControl The header's value, or null when absent.
 */
export function mayKeepCopy(cacheControl: string | null): boolean {
  if (!cacheControl) return true;
  return !cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim().split('=')[0])
    .some((d) => d === 'no-store' || d === 'private');
}

/**
 * The line a page read from the phone's copy shows while offline: 'Saved at 14:05 today',
 * 'Saved yesterday at 21:40', else 'Saved on Sat 23 May at 09:12', in the club's time zone
 * (spec §9 Europe/London, 24-hour times).
 * @param savedAt When the copy was fetched (the response's Date header).
 * @param now The phone's real time.
 */
export function savedAtText(savedAt: Date, now: Date): string {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, dateStyle: 'short' }).format(d);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(savedAt);
  if (day(savedAt) === day(now)) return `Saved at ${time} today`;
  if (day(savedAt) === day(new Date(now.getTime() - 86_400_000))) return `Saved yesterday at ${time}`;
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, weekday: 'short', day: 'numeric', month: 'short' }).format(savedAt);
  return `Saved on ${date.replace(',', '')} at ${time}`;
}

/** The Server-Timing metric name a saved copy carries (src/browser/offlineWorker.ts). */
export const SAVED_TIMING_NAME = 'saved';

/** The Server-Timing header value of a copy saved at `savedAt`: 'saved;desc="2026-05-23T08:12:00.000Z"'. */
export function savedTimingHeader(savedAt: Date): string {
  return `${SAVED_TIMING_NAME};desc="${savedAt.toISOString()}"`;
}

/**
 * When the response a page came from was saved, from its Server-Timing entries (a page from the
 * network has none of this name); undefined when none is there or its date does not parse.
 * @param entries The navigation's or the client router fetch's `serverTiming` entries.
 */
export function savedAtOf(entries: readonly { name: string; description: string }[]): Date | undefined {
  const entry = entries.find((e) => e.name === SAVED_TIMING_NAME);
  if (!entry) return undefined;
  const date = new Date(entry.description);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The club's colours in the manifest: navy header (BaseHead theme-color), white page. */
export const MANIFEST_COLOURS = { theme: '#0b1a2f', background: '#ffffff' } as const;

/** The crest icons at the sizes browsers ask for (public/icons/, docs/offline.md). */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
] as const;

/**
 * The web app manifest (W3C Web Application Manifest): opens standalone at the home page.
 * @param name The club's name, e.g. 'Stoke City'.
 * @param shortName Its short name for the home screen, e.g. 'Stoke'.
 */
export function webAppManifest(name: string, shortName: string) {
  return {
    id: '/',
    name,
    short_name: shortName,
    description: `${name}: news, fixtures, match centre and matchday information.`,
    lang: 'en-GB',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: MANIFEST_COLOURS.theme,
    background_color: MANIFEST_COLOURS.background,
    icons: MANIFEST_ICONS,
  };
}

/** Cache Storage names the worker keeps its copies in (src/browser/offlineWorker.ts). */
export const OFFLINE_CACHES = { pages: 'pages', assets: 'assets', media: 'media' } as const;

/** The offline page's path (src/pages/offline.astro). */
export const OFFLINE_PAGE_PATH = '/offline';
