import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readJson } from './data';
import { DEMO, signIn } from './support/signIn';

/**
 * From a match to its video: the match centre links the videos carrying the match's matchID
 * (highlights, full replay) and, for a fixture, its live stream (a stream asset's matchID), each
 * with its lock state (spec §4): signed out as the page is built, then the viewer's. Matches and
 * URLs come from the data and the sitemap, not from dates written here.
 */

interface DemoVideo {
  metaData: { title: string; matchID?: string; SysEntryEntitlements: string[]; category: string };
  mediaData: { entryId: string };
}
interface DemoStream {
  id: string;
  attributes: { matchID?: string; mediaType: string; accessData: { entitlements: string[] } };
}

const SUBSCRIBER = DEMO.subscriber;
const SUPPORTER = DEMO.supporter;
/** scripts/local/platform.mjs DEMO_SUBSCRIBER_ENTITLEMENTS */
const SUBSCRIBER_HOLDS = ['subscription-video', 'subscription-audio'];

const videos = readJson<DemoVideo[]>('demo/videos.json');
const isOpen = (v: DemoVideo) => v.metaData.SysEntryEntitlements.includes('?');
/** A match with a free video and one for subscribers the demo subscriber holds. */
const matchID = videos.find(
  (v) =>
    v.metaData.matchID &&
    !isOpen(v) &&
    v.metaData.SysEntryEntitlements.some((e) => SUBSCRIBER_HOLDS.includes(e)) &&
    videos.some((o) => o.metaData.matchID === v.metaData.matchID && isOpen(o)),
)!.metaData.matchID!;
const ofMatch = videos.filter((v) => v.metaData.matchID === matchID);
const stream = readJson<DemoStream[]>('demo/streams.json').find((s) => s.attributes.matchID && s.attributes.mediaType === 'live-stream')!;

/** The match centre path of `id`, from the sitemap. */
async function matchCentrePath(request: APIRequestContext, id: string): Promise<string> {
  const locs = async (path: string) => [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const sitemap of await locs('/sitemap-index.xml')) {
    const found = (await locs(sitemap)).find((p) => new RegExp(`^/match/[^/]+/[^/]+/${id}/?$`).test(p));
    if (found) return found;
  }
  throw new Error(`no match centre for ${id} in the sitemap`);
}

const card = (page: Page, v: DemoVideo) => page.locator(`[data-match-videos] [data-video-card][data-video-id="${v.mediaData.entryId}"]`);

test("a played match's centre links its videos, each with its lock state", async ({ page, request }) => {
  const path = await matchCentrePath(request, matchID);
  await page.goto(path);
  const section = page.locator('[data-match-videos]');
  await expect(section.getByRole('heading', { level: 2, name: 'Watch' })).toBeVisible();
  for (const v of ofMatch) {
    await expect(card(page, v)).toBeVisible();
    await expect(card(page, v)).toHaveAttribute('data-locked', String(!isOpen(v)));
  }
  const locked = ofMatch.find((v) => !isOpen(v))!;
  await signIn(page, SUBSCRIBER);
  await page.goto(path);
  await expect(card(page, locked)).toHaveAttribute('data-locked', 'false');
  const open = ofMatch.find(isOpen)!;
  await card(page, open).locator('[data-play-video]').click();
  await expect(page.locator('dialog#video-player')).toBeVisible();
  await expect(page.locator('dialog#video-player').getByRole('heading', { level: 2 })).toHaveText(open.metaData.title);
});

test("a fixture's centre links its live stream with its lock state", async ({ page, request }) => {
  const path = await matchCentrePath(request, stream.attributes.matchID!);
  await page.goto(path);
  const live = page.locator('[data-match-videos] [data-match-live]');
  await expect(live).toBeVisible();
  await expect(live).toHaveAttribute('data-locked', 'true');
  await expect(live.locator('.match-live__lock--locked')).toBeVisible();
  await expect(live).toContainText(/Not live now|Watch live/);
  await signIn(page, SUPPORTER);
  await page.goto(path);
  await expect(live).toHaveAttribute('data-locked', 'true');
  expect(stream.attributes.accessData.entitlements.some((e) => SUBSCRIBER_HOLDS.includes(e))).toBe(true);
  await page.context().clearCookies();
  await signIn(page, SUBSCRIBER);
  await page.goto(path);
  await expect(live).toHaveAttribute('data-locked', 'false');
  await expect(live.locator('.match-live__lock--open')).toBeVisible();
});
