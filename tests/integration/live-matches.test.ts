/**
 * Live matches through createPlatformApp on PGlite (src/platform/matches/): the signed feed
 * stores each event once and the reads fold them in sequence order; every guard of the feed has
 * a test (signature, changed body, stale timestamp, replay, schema, media type, body size, no
 * secret); reads carry the CDN headers and answer 304 to their ETag; full time asks for one
 * rebuild.
 */
import { describe, expect, it } from 'vitest';
import { createPlatformApp } from '../../src/platform/app';
import type { ContentChange } from '../../src/platform/content/contentContract';
import { signatureHeader } from '../../src/platform/content/signature';
import type { Clock, Logger } from '../../src/platform/deps';
import { useMemoryDatabase } from '../support/memoryDatabase';
import { parsePlatformEnv } from '../../src/platform/env';
import { createMatchesRouter, LIVE_CACHE, MATCH_FEED_TOLERANCE_SECONDS, MAX_MATCH_FEED_BODY_BYTES } from '../../src/platform/matches/liveMatchRoutes';
import type { LiveEvent } from '../../src/lib/liveMatch';

const SECRET = 'test-match-feed-secret-0123456789abcdef0123';
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const nowMs = Date.parse('2026-08-29T12:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const seconds = () => Math.floor(nowMs / 1000);

const mem = useMemoryDatabase();
let rebuilds: ContentChange[] = [];

function app(env: Record<string, string> = { MATCH_FEED_SECRET: SECRET }) {
  return createPlatformApp({
    env: parsePlatformEnv({ LOG_LEVEL: 'silent', ...env }),
    logger: quiet,
    clock,
    db: mem.db,
  });
}

let deliveries = 0;
function delivery(matchId: string, events: LiveEvent[]): string {
  deliveries += 1;
  return JSON.stringify({ id: `d${deliveries}`, matchId, events });
}

function post(target: ReturnType<typeof app>, body: string, headers: Record<string, string> = {}) {
  return target.request('/api/matches/feed', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Terrace-Signature': signatureHeader(SECRET, seconds(), body), ...headers },
    body,
  });
}

const ev = (sequence: number, type: LiveEvent['type'], minute: number, more: Partial<LiveEvent> = {}): LiveEvent => ({
  id: `e${sequence}`,
  sequence,
  type,
  minute,
  ...more,
});

describe('the feed', () => {
  const a = () => app();

  it('stores events once and folds them in sequence order, whatever order they came in', async () => {
    const target = a();
    const matchId = 'order-test';
    expect((await post(target, delivery(matchId, [ev(3, 'goal', 16, { side: 'home', player: 'Okonjo' })]))).status).toBe(202);
    expect((await post(target, delivery(matchId, [ev(1, 'kick_off', 0), ev(2, 'clock', 10)]))).status).toBe(202);
    const repeat = await post(target, delivery(matchId, [ev(3, 'goal', 16, { side: 'home', player: 'Okonjo' }), ev(4, 'clock', 20)]));
    expect(await repeat.json()).toMatchObject({ data: { newEvents: 1 } });
    const state = (await (await target.request(`/api/matches/live/${matchId}`)).json()) as { data: { score: { home: number }; minute: number; phase: string } };
    expect(state.data).toMatchObject({ phase: 'first_half', minute: 20, score: { home: 1, away: 0 } });
  });

  it('refuses a missing or wrong signature and a changed body', async () => {
    const target = a();
    const body = delivery('sig-test', [ev(1, 'kick_off', 0)]);
    expect((await post(target, body, { 'Terrace-Signature': '' })).status).toBe(401);
    expect((await post(target, body, { 'Terrace-Signature': signatureHeader('another-secret-0123456789abcdef0123456', seconds(), body) })).status).toBe(401);
    const changed = body.replace('kick_off', 'full_time');
    expect((await post(target, changed, { 'Terrace-Signature': signatureHeader(SECRET, seconds(), body) })).status).toBe(401);
    expect((await target.request('/api/matches/live/sig-test')).status).toBe(404);
  });

  it('refuses a timestamp outside the tolerance, either way', async () => {
    const target = a();
    for (const skew of [-(MATCH_FEED_TOLERANCE_SECONDS + 1), MATCH_FEED_TOLERANCE_SECONDS + 1]) {
      const body = delivery('stale-test', [ev(1, 'kick_off', 0)]);
      const response = await post(target, body, { 'Terrace-Signature': signatureHeader(SECRET, seconds() + skew, body) });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'stale_signature' } });
    }
  });

  it('refuses a replayed delivery', async () => {
    const target = a();
    const body = delivery('replay-test', [ev(1, 'kick_off', 0)]);
    const header = signatureHeader(SECRET, seconds(), body);
    expect((await post(target, body, { 'Terrace-Signature': header })).status).toBe(202);
    const again = await post(target, body, { 'Terrace-Signature': header });
    expect(again.status).toBe(409);
  });

  it('refuses bad content naming the field, other media types, large bodies, and works only with a secret', async () => {
    const target = a();
    const bad = await post(target, delivery('bad-test', [ev(1, 'goal', 16)]));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('side');
    const notJson = await target.request('/api/matches/feed', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(notJson.status).toBe(415);
    const big = 'x'.repeat(MAX_MATCH_FEED_BODY_BYTES + 1);
    expect((await post(target, big)).status).toBe(413);
    expect((await post(app({}), delivery('no-secret', [ev(1, 'kick_off', 0)]))).status).toBe(503);
  });
});

describe('reads', () => {
  it('carry the CDN cache headers and a strong ETag, answering 304 to it', async () => {
    const target = app();
    await post(target, delivery('cache-test', [ev(1, 'kick_off', 0)]));
    const first = await target.request('/api/matches/live/cache-test');
    expect(first.headers.get('netlify-cdn-cache-control')).toBe(
      `public, s-maxage=${LIVE_CACHE.sMaxAge}, stale-while-revalidate=${LIVE_CACHE.staleWhileRevalidate}`,
    );
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await target.request('/api/matches/live/cache-test', { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
    await post(target, delivery('cache-test', [ev(2, 'goal', 3, { side: 'away' })]));
    const third = await target.request('/api/matches/live/cache-test', { headers: { 'If-None-Match': etag } });
    expect(third.status).toBe(200);
    const list = (await (await target.request('/api/matches/live')).json()) as { data: { matchId: string }[] };
    expect(list.data.map((m) => m.matchId)).toContain('cache-test');
  });
});

describe('full time', () => {
  it('asks for one rebuild, on the first delivery holding it', async () => {
    rebuilds = [];
    const deps = { env: parsePlatformEnv({ LOG_LEVEL: 'silent', MATCH_FEED_SECRET: SECRET }), logger: quiet, clock, db: mem.db };
    const { createPlatformDeps } = await import('../../src/platform/deps');
    const router = createMatchesRouter(createPlatformDeps(deps), async (change) => {
      rebuilds.push(change);
      return { mode: 'local-command', state: 'started' };
    });
    const { OpenAPIHono } = await import('@hono/zod-openapi');
    const target = new OpenAPIHono().route('/api', router);
    const body = (events: LiveEvent[]) => delivery('ft-test', events);
    const send = (text: string) =>
      target.request('/api/matches/feed', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Terrace-Signature': signatureHeader(SECRET, seconds(), text) },
        body: text,
      });
    expect((await send(body([ev(1, 'kick_off', 0), ev(2, 'full_time', 90)]))).status).toBe(202);
    expect((await send(body([ev(2, 'full_time', 90)]))).status).toBe(202);
    expect(rebuilds).toEqual([{ id: 'full-time-ft-test', feed: 'fixtures', action: 'updated', items: ['ft-test'] }]);
  });
});
