import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn } from './support/signIn';

/**
 * Faults of the stream host (docs/reliability.md "Faults") in Chromium with the real local stack,
 * through the host's fault switch (docs/streams-local.md "Faults"): on demand, a segment failing
 * twice is retried, one gone for good ends with spec §8's generic text and the connect failure
 * notification, garbage bytes are recovered or reported; DRM live retries a failing segment.
 * The bypassed demo account watches, so no player takes a place of the subscriber's limit that
 * streaming.spec.ts counts beside this file. Serial; every rule removed after each test.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const VIEWER = DEMO.bypassed;
const REPLAY = { id: '0_0cgsiva', playbackId: 'DemoReplay01' };
const DRM_LIVE = { id: 'live-first-team', playbackId: 'DemoDrmLive01' };

const overlay = (page: Page) => page.locator('dialog#video-player');
const surface = (page: Page) => overlay(page).locator('.player-surface');
const errorBox = (page: Page) => overlay(page).locator('.player-error[role="alert"]');
const video = (page: Page) => overlay(page).locator('video');

interface FaultRule {
  playbackId: string;
  rendition?: string;
  segment?: number;
  kind: 'status' | 'corrupt';
  status?: number;
  count?: number;
}

let hostUrl = '';

/** The stream host's origin, from a session check's manifest URL (the lease is released at once). */
async function streamHost(request: APIRequestContext, baseURL: string): Promise<string> {
  const res = await request.post('/api/session/check', {
    headers: { origin: baseURL },
    data: { data: { attributes: { videoID: REPLAY.id, mediaType: 'OnDemand' } } },
  });
  expect(res.status()).toBe(200);
  const { manifestURL, leaseID } = ((await res.json()) as { data: { attributes: { manifestURL: string; leaseID: string } } }).data.attributes;
  await request.post('/api/session/release', { headers: { origin: baseURL }, data: { data: { attributes: { leaseID } } } });
  return new URL(manifestURL).origin;
}

async function addFault(request: APIRequestContext, rule: FaultRule): Promise<void> {
  const res = await request.post(`${hostUrl}/__faults`, { data: rule });
  expect(res.status(), await res.text()).toBe(200);
}

/** Responses faulted so far, over every rule. */
async function faultHits(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${hostUrl}/__faults`);
  return ((await res.json()) as { rules: { hits: number }[] }).rules.reduce((sum, rule) => sum + rule.hits, 0);
}

/** Opens a player by a trigger element added to the page (any element with data-play-*). */
async function openByTrigger(page: Page, attributes: Record<string, string>): Promise<void> {
  await page.evaluate((attrs) => {
    const button = document.createElement('button');
    button.textContent = 'Open';
    for (const [k, v] of Object.entries(attrs)) button.setAttribute(k, v);
    document.querySelector('main')!.prepend(button);
    button.click();
  }, attributes);
}

const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Presses play (the media element's own play, at `rate`) and records media errors on the element. */
async function play(page: Page, rate = 1): Promise<void> {
  await video(page).evaluate((v: HTMLVideoElement, playbackRate) => {
    v.addEventListener('error', () => v.setAttribute('data-test-error', String(v.error?.code)));
    v.muted = true;
    v.playbackRate = playbackRate;
    void v.play();
  }, rate);
}

test.beforeEach(async ({ page, baseURL }) => {
  await signIn(page, VIEWER);
  hostUrl ||= await streamHost(page.request, baseURL!);
  await page.request.delete(`${hostUrl}/__faults`);
});

test.afterEach(async ({ page }) => {
  await page.request.delete(`${hostUrl}/__faults`);
  if (await overlay(page).isVisible()) {
    await overlay(page).getByRole('button', { name: 'Close video player' }).click();
    await expect(overlay(page)).toBeHidden();
  }
});

test('on demand: a segment answering 500 twice is retried and playback goes on past it', async ({ page }) => {
  await addFault(page.request, { playbackId: REPLAY.playbackId, segment: 3, kind: 'status', status: 500, count: 2 });
  await page.goto('/videos');
  await openByTrigger(page, { 'data-play-video': REPLAY.id, 'data-play-title': 'Replay' });
  await expect(surface(page)).toHaveAttribute('data-player-state', 'ready', { timeout: 30_000 });
  await play(page, 4);
  // Segment 3 covers 4–6 s: playback passes it.
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(8);
  expect(await faultHits(page.request)).toBe(2);
  await expect(errorBox(page)).toHaveCount(0);
  expect(await video(page).getAttribute('data-test-error')).toBeNull();
});

test('on demand: a segment that is 404 for good ends with the generic text and the connect failure notification', async ({ page }) => {
  await addFault(page.request, { playbackId: REPLAY.playbackId, segment: 3, kind: 'status', status: 404 });
  await page.goto('/videos');
  await openByTrigger(page, { 'data-play-video': REPLAY.id, 'data-play-title': 'Replay' });
  await expect(surface(page)).toHaveAttribute('data-player-state', /ready|error/, { timeout: 30_000 });
  if ((await surface(page).getAttribute('data-player-state')) === 'ready') await play(page, 4);
  await expect(errorBox(page).locator('.player-error__text')).toHaveText(/^Sorry, there has been a problem accessing this stream \(.+\)$/, {
    timeout: 60_000,
  });
  await expect(page.locator('#error-notification')).toContainText('There was a problem connecting to the video service');
  expect(await faultHits(page.request)).toBeGreaterThan(0);
});

test('on demand: a segment of garbage bytes — the player recovers or says so', async ({ page }) => {
  await addFault(page.request, { playbackId: REPLAY.playbackId, segment: 3, kind: 'corrupt' });
  await page.goto('/videos');
  await openByTrigger(page, { 'data-play-video': REPLAY.id, 'data-play-title': 'Replay' });
  await expect(surface(page)).toHaveAttribute('data-player-state', 'ready', { timeout: 30_000 });
  await play(page, 4);
  // Either playback goes on past segment 3, or the error box names the problem: never a silent stall.
  await expect
    .poll(
      async () => {
        if ((await errorBox(page).count()) > 0) return 'error shown';
        return (await currentTime(page)) > 8 ? 'recovered' : 'waiting';
      },
      { timeout: 60_000 },
    )
    .not.toBe('waiting');
  expect(await faultHits(page.request)).toBeGreaterThan(0);
  if ((await errorBox(page).count()) > 0)
    await expect(errorBox(page).locator('.player-error__text')).toHaveText(/^Sorry, there has been a problem accessing this stream/);
  test.info().annotations.push({ type: 'outcome', description: (await errorBox(page).count()) > 0 ? 'error shown' : 'recovered' });
});

test('DRM live (shaka-player): a segment answering 500 three times is retried and the stream keeps playing', async ({ page }) => {
  await page.goto('/videos');
  await openByTrigger(page, { 'data-play-video': DRM_LIVE.id, 'data-play-media-type': 'DrmLiveVideo', 'data-play-title': 'Live' });
  await expect(surface(page)).toHaveAttribute('data-player-state', 'ready', { timeout: 30_000 });
  await play(page);
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
  // The next audio segment fails three times in a row: more than shaka-player's default two
  // attempts (src/islands/player/engines.ts shakaRetryParameters).
  await addFault(page.request, { playbackId: DRM_LIVE.playbackId, rendition: 'audio', kind: 'status', status: 500, count: 3 });
  await expect.poll(() => faultHits(page.request), { timeout: 30_000 }).toBe(3);
  const after = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(after + 4);
  await expect(errorBox(page)).toHaveCount(0);
  expect(await video(page).getAttribute('data-test-error')).toBeNull();
});
