/**
 * A guard for the paid journeys (docs/visual-regression.md "The asset guard"): watches a page for
 * every stylesheet or script it requests and every uncaught error it throws.
 * A stylesheet must answer 200 with `text/css`, a script 200 with a JavaScript type; an uncaught
 * error (page.on('pageerror')) is a failure. Call `guardAssets(page)` before the first goto and
 * `await guard.check()` at the end of the test (it waits for requests still in flight).
 */
import { expect, type Page, type Request } from '@playwright/test';

const EXPECTED_TYPE: Partial<Record<string, RegExp>> = {
  stylesheet: /^text\/css\b/i,
  script: /^(text|application)\/(javascript|ecmascript)\b/i,
};

/** The resource types the guard checks. */
function kind(request: Request): 'stylesheet' | 'script' | null {
  const type = request.resourceType();
  if (type === 'stylesheet' || type === 'script') return type;
  // A module preload or a stylesheet a script inserts can come as 'other' or 'fetch'.
  const path = new URL(request.url()).pathname;
  if (/\.css$/i.test(path)) return 'stylesheet';
  if (/\.m?js$/i.test(path)) return 'script';
  return null;
}

/** What the guard found wrong, one line per fault. */
export interface AssetGuard {
  faults: string[];
  /** Waits for the requests in flight, then fails the test naming every fault. */
  check(): Promise<void>;
}

/** Starts watching `page`'s stylesheets, scripts and uncaught errors; see the file's contract. */
export function guardAssets(page: Page): AssetGuard {
  const faults: string[] = [];
  const pending = new Set<Promise<void>>();
  const sameOrigin = (url: string) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url);
  const track = (job: Promise<void>) => {
    const settled = job.catch(() => {});
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  };

  const judge = (type: 'stylesheet' | 'script', url: string, status: number, contentType: string) => {
    const path = new URL(url).pathname;
    if (status !== 200) faults.push(`${type} ${path}: status ${status} (${contentType || 'no type'})`);
    else if (!EXPECTED_TYPE[type]!.test(contentType)) faults.push(`${type} ${path}: type '${contentType || 'none'}'`);
  };

  // Main-frame navigations so far: a request dropped by a navigation that began after it is not a fault.
  let navigations = 0;
  const issuedAt = new WeakMap<Request, number>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    issuedAt.set(request, navigations);
  });
  page.on('response', (response) => {
    const request = response.request();
    const type = kind(request);
    if (!type || !sameOrigin(request.url())) return;
    track(response.headerValue('content-type').then((contentType) => judge(type, request.url(), response.status(), contentType ?? '')));
  });
  // Chrome drops a stylesheet or script of the wrong type before Playwright sees its response
  // (net::ERR_ABORTED): fetch it again to name its status and type.
  page.on('requestfailed', (request) => {
    const type = kind(request);
    if (!type || !sameOrigin(request.url())) return;
    if (navigations !== issuedAt.get(request)) return;
    const reason = request.failure()?.errorText ?? 'unknown';
    track(
      page
        .context()
        .request.get(request.url())
        .then((answer) => {
          const before = faults.length;
          judge(type, request.url(), answer.status(), answer.headers()['content-type'] ?? '');
          if (faults.length === before && reason !== 'net::ERR_ABORTED') faults.push(`${type} ${new URL(request.url()).pathname}: failed (${reason})`);
        }),
    );
  });
  page.on('pageerror', (error) => {
    faults.push(`uncaught error: ${error.message || String(error)}`);
  });

  return {
    faults,
    async check() {
      while (pending.size > 0) await Promise.all([...pending]);
      expect(faults, 'stylesheets and scripts answer 200 with their type; no uncaught error').toEqual([]);
    },
  };
}
