import { describe, expect, it } from 'vitest';
import { createPlatformApp, MAX_EVENT_BYTES } from '../../src/platform/app';
import type { LoggedEvent } from '../../src/schemas/loggedEvent';

const event: LoggedEvent = {
  action: 'advertImpression', advertID: 'fa-1', advertName: 'Home kit', advertRef: 'ref-1', campaignRef: 'camp-1',
  sessionID: '4821', ssoID: 'no tracking', timestamp: '2026-11-21T12:00:00.000Z', url: 'https://shop.example/kit',
  userAllowTracking: false, channel: 'web', domain: 'www.stokecity.example', logID: 77, screensize: '1280x720',
  ssoVendor: 'cognito', userAgent: 'Mozilla/5.0',
};

function post(app: ReturnType<typeof createPlatformApp>, body: string) {
  return app.request('/api/events', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
}

describe('POST /api/events (spec §3 Logged event, §7 Event logging)', () => {
  it('accepts a valid event once and hands it to the sink', async () => {
    const seen: LoggedEvent[] = [];
    const app = createPlatformApp({ sink: (e) => void seen.push(e) });
    const res = await post(app, JSON.stringify(event));
    expect(res.status).toBe(202);
    expect(seen).toEqual([event]);
  });
  it('refuses a body that is not JSON with a reason', async () => {
    const res = await post(createPlatformApp({ sink: () => {} }), 'not json');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });
  it('names the fields that are wrong', async () => {
    const seen: LoggedEvent[] = [];
    const res = await post(createPlatformApp({ sink: (e) => void seen.push(e) }), JSON.stringify({ ...event, action: 'pageView', logID: 0 }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe('invalid_event');
    expect(body.error.issues.map((i) => i.path).sort()).toEqual(['action', 'logID']);
    expect(seen).toEqual([]);
  });
  it('refuses oversized bodies', async () => {
    const res = await post(createPlatformApp({ sink: () => {} }), JSON.stringify({ ...event, userAgent: 'x'.repeat(MAX_EVENT_BYTES) }));
    expect(res.status).toBe(413);
  });
  it('answers unknown routes with a JSON 404', async () => {
    const res = await createPlatformApp().request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
