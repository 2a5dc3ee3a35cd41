/**
 * The live island against the real `npm run serve` stack
 * (docs/live-matches.md), driven through the signed feed by the matchday simulator's module
 * (scripts/matchday/replay.ts, with the local stack's secret): score and minute within 10 s, one
 * polite announcement per goal, no request where no match is live, polling paused in a hidden tab,
 * back-off on 503s, no layout shift, 'offline' instead of a frozen minute, and full time agreeing
 * with the static page. Pages are opened with ?as-of= at the match's kick-off (the site's clock
 * for the visit, src/lib/siteClockRules), as the simulator's printed address does. Serial: the tests
 * share the replayed match and reset it first.
 */
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import type { LiveEvent } from '../../src/lib/liveMatch';
import { LIVE_POLL } from '../../src/lib/liveUpdates';
import { MATCHDAY_RESET_PATH, readLocalMatchFeedSecret } from '../../scripts/local/matchday.mjs';
import { DEFAULT_REPLAY_MATCH, loadReplay, replay, sendDelivery, type ReplayStep } from '../../scripts/matchday/replay';

test.describe.configure({ mode: 'serial' });

const secret = readLocalMatchFeedSecret(path.resolve(process.env.LOCAL_STATE_DIR || '.terrace'));
const { match, steps } = loadReplay(DEFAULT_REPLAY_MATCH);
const asOfKickOff = (kickOff: string, minutes = 1) => new Date(Date.parse(kickOff) + minutes * 60_000).toISOString().replace('.000Z', 'Z');
const livePage = `${match.path}?as-of=${asOfKickOff(match.kickOff)}`;
/** The next fixture at the dataset's clock: on the home card and the fixtures list. */
const NEXT = { matchID: '2026-08-29-wolverhampton-wanderers', kickOff: '2026-08-29T11:30:00.000Z' };

let deliveries = 0;
async function send(baseURL: string, matchId: string, events: LiveEvent[]): Promise<void> {
  if (!secret) throw new Error('the e2e server has not written .terrace/match-feed-secret');
  deliveries += 1;
  const answer = await sendDelivery(baseURL, secret, `e2e-${Date.now()}-${deliveries}`, matchId, events);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
}
async function reset(baseURL: string, matchId: string): Promise<void> {
  const response = await fetch(new URL(`${MATCHDAY_RESET_PATH}?match=${matchId}`, baseURL), { method: 'POST' });
  expect(response.status).toBe(200);
}
/** The replay's steps up to `minute`, sent as one delivery. */
async function sendUntil(baseURL: string, minute: number, from = -Infinity): Promise<void> {
  await send(
    baseURL,
    match.matchID,
    steps.filter((s: ReplayStep) => s.atMinute > from && s.atMinute <= minute).map((s) => s.event),
  );
}
function liveRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/matches/')) seen.push(request);
  });
  return seen;
}
const firstGoal = steps.find((s) => s.event.type === 'goal')!;

test.beforeEach(async ({ baseURL }) => {
  await reset(baseURL!, match.matchID);
  await reset(baseURL!, NEXT.matchID);
});

test('no request and no island JavaScript on pages where no match is live', async ({ page }) => {
  const requests = liveRequests(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  for (const url of ['/', '/matches', match.path, `/match`]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-live-slot]').first()).toBeAttached();
    await expect(page.locator('[data-live-match]')).toHaveCount(0);
  }
  expect(requests.map((r) => r.url())).toEqual([]);
  expect(scripts.filter((s) => /liveMatch/.test(s))).toEqual([]);
});

test('score and minute within 10 s of the feed; a goal announced once in the polite region', async ({ page, baseURL }) => {
  await sendUntil(baseURL!, firstGoal.atMinute - 1);
  await page.goto(livePage);
  const root = page.locator(`.live--timeline[data-live-match="${match.matchID}"]`);
  await expect(root).toHaveAttribute('data-live-state', 'live');
  await expect(root.locator('[data-live-clock]')).toHaveText(`${firstGoal.atMinute - 1}′`);
  await expect(root.locator('[data-live-lineups] li').first()).toBeVisible();

  const sent = Date.now();
  await sendUntil(baseURL!, firstGoal.atMinute, firstGoal.atMinute - 1);
  await expect(root.locator('[data-live-score]')).toHaveText(firstGoal.event.side === 'home' ? '1–0' : '0–1', { timeout: 10_000 });
  expect(Date.now() - sent).toBeLessThan(10_000);
  await expect(root.locator('[data-live-clock]')).toHaveText(`${firstGoal.atMinute}′`);
  await expect(root).toHaveAttribute('data-live-seq', String(firstGoal.event.sequence));
  await expect(root.locator('.live__event--goal')).toContainText(firstGoal.event.player!);

  const region = page.locator('[data-live-announcements][aria-live="polite"]');
  await expect(region.locator('p')).toHaveCount(1);
  await expect(region).toContainText(`Goal for ${match.home}, ${firstGoal.event.player}, ${firstGoal.atMinute}′`);
  // More polls and another minute of play: still one announcement for that goal.
  await sendUntil(baseURL!, firstGoal.atMinute + 1, firstGoal.atMinute);
  await expect(root.locator('[data-live-clock]')).toHaveText(`${firstGoal.atMinute + 1}′`, { timeout: 10_000 });
  await page.waitForTimeout(LIVE_POLL.intervalMs + 500);
  await expect(region.locator(`p[data-goal="${firstGoal.event.id}"]`)).toHaveCount(1);
  await expect(region.locator('p')).toHaveCount(1);
});

test('polling stops while the tab is hidden and resumes when it is visible again', async ({ page, baseURL }) => {
  await sendUntil(baseURL!, 10);
  const requests = liveRequests(page);
  await page.goto(livePage);
  await expect(page.locator('.live--timeline')).toHaveAttribute('data-live-state', 'live');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(300);
  const hiddenAt = requests.length;
  await page.waitForTimeout(LIVE_POLL.intervalMs * 2 + 1_000);
  expect(requests.length - hiddenAt).toBe(0);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => requests.length, { timeout: 2_000 }).toBeGreaterThan(hiddenAt);
});

test('backs off on 503s, exponentially, and recovers', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await sendUntil(baseURL!, 10);
  await page.goto(livePage);
  const root = page.locator('.live--timeline');
  await expect(root).toHaveAttribute('data-live-state', 'live');
  const failed: number[] = [];
  await page.route('**/api/matches/live/**', async (route) => {
    failed.push(Date.now());
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' });
  });
  await expect(root.locator('[data-live-status]')).toHaveText('Live updates delayed', { timeout: 10_000 });
  await expect.poll(() => failed.length, { timeout: 45_000, intervals: [500] }).toBeGreaterThanOrEqual(4);
  const gaps = failed.slice(1, 4).map((t, i) => t - failed[i]!);
  const base = LIVE_POLL.backoffBaseMs;
  // Failure n waits base·2^(n−1), of which a random half: [½, 1] of it.
  gaps.forEach((gap, i) => {
    expect(gap).toBeGreaterThanOrEqual((base * 2 ** i) / 2 - 200);
    expect(gap).toBeLessThanOrEqual(base * 2 ** i + 1_000);
  });
  expect(gaps[2]!).toBeGreaterThan(LIVE_POLL.intervalMs * 1.5);
  await page.unroute('**/api/matches/live/**');
  // Coming back to the tab asks at once, whatever the back-off had left to wait.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(root.locator('[data-live-status]')).toHaveText('Live');
});

test('offline says so instead of a frozen minute, and resumes online', async ({ page, context, baseURL }) => {
  await sendUntil(baseURL!, 20);
  await page.goto(livePage);
  const root = page.locator('.live--timeline');
  await expect(root.locator('[data-live-clock]')).toHaveText('20′');
  await context.setOffline(true);
  await expect(root.locator('[data-live-status]')).toHaveText('Offline — live updates paused');
  await expect(root.locator('[data-live-clock]')).toHaveText('');
  await expect(root).not.toHaveAttribute('data-live-state', 'live');
  await sendUntil(baseURL!, 25, 20);
  await context.setOffline(false);
  await expect(root.locator('[data-live-status]')).toHaveText('Live');
  await expect(root.locator('[data-live-clock]')).toHaveText('25′', { timeout: 10_000 });
});

test('no layout shift while the island loads and updates: match centre, home card, fixtures list', async ({ page, baseURL }) => {
  // Shifts of the page's content (<main>, where the slots are); the header's sponsor logos are the chrome's own.
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number; shifts: string[] };
    w.cls = 0;
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] }[]) {
        const inMain = entry.sources.filter((source) => source.node && document.querySelector('main')?.contains(source.node));
        if (entry.hadRecentInput || inMain.length === 0) continue;
        w.cls += entry.value;
        w.shifts.push(inMain.map((source) => (source.node instanceof Element ? source.node.className : source.node?.nodeName)).join(', '));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cls = () =>
    page.evaluate(() => (window as unknown as { cls: number; shifts: string[] }).shifts.join(' | ') || (window as unknown as { cls: number }).cls);

  await sendUntil(baseURL!, firstGoal.atMinute - 1);
  await page.goto(livePage);
  await expect(page.locator('.live--scoreboard')).toHaveAttribute('data-live-state', 'live');
  await sendUntil(baseURL!, firstGoal.atMinute + 20, firstGoal.atMinute - 1);
  await expect(page.locator('.live--scoreboard [data-live-clock]')).toHaveText(`${firstGoal.atMinute + 20}′`, { timeout: 10_000 });
  expect(await cls()).toBe(0);

  // The next fixture, live on the home page's card and in the fixtures list.
  await send(baseURL!, NEXT.matchID, [
    { id: 'n1', sequence: 1, type: 'kick_off', minute: 0 },
    { id: 'n2', sequence: 2, type: 'goal', minute: 9, side: 'away', player: 'Okonjo' },
  ]);
  for (const url of ['/', '/matches']) {
    await page.goto(`${url}?as-of=${asOfKickOff(NEXT.kickOff, 10)}`);
    const root = page.locator(`[data-live-match="${NEXT.matchID}"]`).first();
    await expect(root.locator('[data-live-score]')).toHaveText('0–1');
    await expect(root.locator('[data-live-clock]')).toHaveText('9′');
    expect(await cls(), url).toBe(0);
  }
  await expect(page.locator(`.match-row[data-match-id="${NEXT.matchID}"] .match-row__vs`)).toBeHidden();
});

test('full time: the island shows FT, stops polling, and agrees with the static page', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await sendUntil(baseURL!, 80);
  const requests = liveRequests(page);
  await page.goto(livePage);
  const root = page.locator('.live--timeline');
  await expect(root).toHaveAttribute('data-live-state', 'live');
  await replay({ baseUrl: baseURL!, secret: secret!, steps: steps.filter((s) => s.atMinute > 80), matchId: match.matchID, speed: 6_000 });
  await expect(root.locator('[data-live-clock]')).toHaveText('FT', { timeout: 10_000 });
  await expect(root.locator('[data-live-status]')).toHaveText('Full time');
  const atFullTime = requests.length;
  await page.waitForTimeout(LIVE_POLL.intervalMs * 2);
  expect(requests.length).toBe(atFullTime);

  // The static page (what the rebuild publishes) has the same score and the same scorers.
  const html = await (await page.request.get(match.path)).text();
  const staticScore = /<span class="scoreboard__goals"[^>]*>\s*(\d+)\s*<span[^>]*>–<\/span>\s*(\d+)/.exec(html);
  expect(staticScore?.slice(1, 3)).toEqual([String(match.score.home), String(match.score.away)]);
  await expect(page.locator('.live--scoreboard [data-live-score]')).toHaveText(`${match.score.home}–${match.score.away}`);
  // Every goal: minute, team and scorer (the static timeline names only the club's own scorers).
  const staticPage = await page.context().newPage();
  await staticPage.goto(match.path);
  const staticGoals = await staticPage.locator('.timeline__item--goal').evaluateAll((items) =>
    items.map((item) => {
      const minute = item.querySelector('[aria-hidden="true"]')?.textContent ?? '';
      const team = /Goal, ([^:]+):/.exec(item.querySelector('.timeline__text .visually-hidden')?.textContent ?? '')?.[1];
      const scorer = /Goal! (\S+) scores/.exec(item.textContent ?? '')?.[1] ?? 'scorer to be confirmed';
      return `${minute} ${team}: ${scorer}`;
    }),
  );
  const liveGoals = (
    await root.locator('.live__event--goal').evaluateAll((items) => items.map((item) => item.textContent?.replace(/^(\S+)Goal, /, '$1 ') ?? ''))
  ).reverse();
  expect(liveGoals).toEqual(staticGoals);
  expect(liveGoals).toHaveLength(match.score.home + match.score.away);
});
