import { describe, expect, it } from 'vitest';
import { createPlatformApp } from '../../src/platform/app';
import type { Logger } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { EVENTS_RATE_LIMIT, MAX_EVENT_BYTES } from '../../src/platform/events/eventRoutes';
import type { LoggedEvent } from '../../src/schemas/loggedEvent';

const event: LoggedEvent = {
  action: 'advertImpression',
  advertID: 'fa-1',
  advertName: 'Home kit',
  advertRef: 'ref-1',
  campaignRef: 'camp-1',
  sessionID: '4821',
  ssoID: 'no tracking',
  timestamp: '2026-11-21T12:00:00.000Z',
  url: 'https://shop.example/kit',
  userAllowTracking: false,
  channel: 'web',
  domain: 'www.stokecity.example',
  logID: 77,
  screensize: '1280x720',
  ssoVendor: 'cognito',
  userAgent: 'Mozilla/5.0',
};

/** app.request resolves paths against http://localhost, so that is the site's own origin here. */
const SITE_ORIGIN = 'http://localhost';
const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function createApp(seen: LoggedEvent[] = [], env: Record<string, string> = {}) {
  return createPlatformApp({ env: parsePlatformEnv({ LOG_LEVEL: 'silent', ...env }), logger: quietLogger, eventSink: (e) => void seen.push(e) });
}

type App = ReturnType<typeof createApp>;

function post(app: App, body: BodyInit, headers: Record<string, string> = {}, clientIp = '203.0.113.7') {
  return app.request(
    '/api/events',
    { method: 'POST', body, headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, ...headers }, duplex: 'half' } as RequestInit,
    { clientIp },
  );
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: { path: string }[] } }).error;
}

/** A body stream of `total` bytes in 1 KB chunks that counts how many bytes the server pulled. */
function countingStream(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += 1024;
        controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe('POST /api/events (spec §3 Logged event, §7 Event logging)', () => {
  it('accepts a valid event once and hands it to the sink', async () => {
    const seen: LoggedEvent[] = [];
    const res = await post(createApp(seen), JSON.stringify(event));
    expect(res.status).toBe(202);
    expect(seen).toEqual([event]);
  });

  it('refuses a body that is not JSON with a reason', async () => {
    const res = await post(createApp(), 'not json');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'invalid_json' });
  });

  it('names the fields that are wrong', async () => {
    const seen: LoggedEvent[] = [];
    const res = await post(createApp(seen), JSON.stringify({ ...event, action: 'pageView', logID: 0 }));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_request');
    expect(error.fields?.map((i) => i.path).sort()).toEqual(['action', 'logID']);
    expect(seen).toEqual([]);
  });

  it('refuses oversized bodies', async () => {
    const res = await post(createApp(), JSON.stringify({ ...event, userAgent: 'x'.repeat(MAX_EVENT_BYTES) }));
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses an oversized streamed body (no Content-Length) after pulling little more than the limit', async () => {
    const { stream, counter } = countingStream(1024 * 1024);
    const res = await post(createApp(), stream);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeGreaterThan(MAX_EVENT_BYTES);
    expect(counter.pulled).toBeLessThanOrEqual(MAX_EVENT_BYTES + 2 * 1024);
  });

  it('refuses a body whose Content-Length is over the limit without reading any of it', async () => {
    const { stream, counter } = countingStream(1024 * 1024);
    const res = await post(createApp(), stream, { 'content-length': String(50 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBe(0);
  });

  it('requires exactly application/json (415), checked before the body is read', async () => {
    const seen: LoggedEvent[] = [];
    const app = createApp(seen);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.evil+json', '']) {
      const { stream, counter } = countingStream(4096);
      const res = await post(app, stream, { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(await errorOf(res)).toMatchObject({ code: 'unsupported_media_type' });
      expect(counter.pulled, type).toBe(0);
    }
    expect((await post(app, JSON.stringify(event), { 'content-type': 'application/json; charset=utf-8' })).status).toBe(202);
    expect(seen).toHaveLength(1);
  });

  it("refuses state changes from a foreign, opaque or missing Origin (403), accepting the site's own", async () => {
    const seen: LoggedEvent[] = [];
    const app = createApp(seen, { SITE_URL: 'https://www.stokecity.example', API_ALLOWED_ORIGINS: 'https://preview.stokecity.example' });
    for (const origin of ['https://evil.example', 'null', 'https://www.stokecity.example.evil.example', 'http://www.stokecity.example']) {
      const res = await post(app, JSON.stringify(event), { origin });
      expect(res.status, origin).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'forbidden_origin' });
    }
    const noOrigin = await app.request('/api/events', { method: 'POST', body: JSON.stringify(event), headers: { 'content-type': 'application/json' } });
    expect(noOrigin.status).toBe(403);
    // A cross-site form post (text/plain) is refused for its origin before anything else.
    expect((await post(app, JSON.stringify(event), { origin: 'https://evil.example', 'content-type': 'text/plain' })).status).toBe(403);
    expect(seen).toEqual([]);

    for (const origin of [SITE_ORIGIN, 'https://www.stokecity.example', 'https://preview.stokecity.example']) {
      expect((await post(app, JSON.stringify(event), { origin })).status, origin).toBe(202);
    }
    expect(seen).toHaveLength(3);
  });

  it('rate-limits each client: 429 with Retry-After past the limit, others unaffected', async () => {
    const app = createApp();
    for (let i = 0; i < EVENTS_RATE_LIMIT.limit; i += 1) {
      const res = await post(app, JSON.stringify(event), {}, '198.51.100.1');
      expect(res.status).toBe(202);
    }
    const limited = await post(app, JSON.stringify(event), {}, '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(EVENTS_RATE_LIMIT.windowMs / 1000);
    expect((await post(app, JSON.stringify(event), {}, '198.51.100.2')).status).toBe(202);
  });

  it('answers 500 internal_error (not a crash, no details) when the sink fails', async () => {
    const errors: string[] = [];
    const app = createPlatformApp({
      env: parsePlatformEnv({ LOG_LEVEL: 'silent' }),
      logger: { ...quietLogger, error: (msg) => void errors.push(msg) },
      eventSink: () => {
        throw new Error('database down');
      },
    });
    const res = await post(app, JSON.stringify(event));
    expect(res.status).toBe(500);
    const error = await errorOf(res);
    expect(error.code).toBe('internal_error');
    expect(error.message).not.toContain('database');
    expect(errors).toContain('unexpected error');
  });
});
