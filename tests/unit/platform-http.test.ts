import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createLocalServer } from '../../scripts/serve.mjs';
import { API_PATHS, postLoggedEvent } from '../../src/platform/client';
import { createPlatformApp } from '../../src/platform/app';
import { createJsonLogger, type Logger } from '../../src/platform/deps';
import { parsePlatformEnv, PlatformEnvError } from '../../src/platform/env';
import { isAllowedOrigin } from '../../src/platform/http/csrf';
import { CSP_REPORT_RATE_LIMIT, MAX_REPORT_BYTES } from '../../src/platform/cspReports/cspReportRoutes';
import { redactUrl } from '../../src/platform/cspReports/cspReport';

type Line = { level: string; msg: string } & Record<string, unknown>;

/** A logger that keeps its JSON lines, parsed. */
function memoryLogger(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  return Object.assign(createJsonLogger('debug', { write: (line) => void lines.push(JSON.parse(line) as Line) }), { lines });
}

function createApp(logger: Logger = memoryLogger()) {
  return createPlatformApp({ env: parsePlatformEnv({}), logger, eventSink: () => {} });
}

const json = { 'content-type': 'application/json', origin: 'http://localhost' };

describe('platform API: envelope, request ids, security headers, OpenAPI', () => {
  const app = createApp();

  /** One request of each outcome the API can give, for header checks. */
  const everyKind = (): Array<[string, Response | Promise<Response>]> => [
    ['202 event', app.request('/api/events', { method: 'POST', headers: json, body: JSON.stringify({ action: 'x' }) })],
    ['404', app.request('/api/nope')],
    ['403', app.request('/api/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })],
    ['415', app.request('/api/events', { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: '{}' })],
    ['413', app.request('/api/events', { method: 'POST', headers: json, body: 'x'.repeat(100_000) })],
    ['openapi', app.request('/api/openapi.json')],
    ['csp-report', app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: '{"csp-report":{}}' })],
  ];

  it('answers unknown routes with the JSON 404 envelope', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/nope');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('gives every response a request id, keeping a plausible caller id and replacing a hostile one', async () => {
    const ids = new Set<string>();
    for (const [kind, pending] of everyKind()) {
      const id = (await pending).headers.get('x-request-id');
      expect(id, kind).toMatch(/^[\w=-]{8,}$/);
      ids.add(id ?? '');
    }
    expect(ids.size).toBe(everyKind().length);
    expect((await app.request('/api/nope', { headers: { 'x-request-id': 'trace-123' } })).headers.get('x-request-id')).toBe('trace-123');
    const hostile = (await app.request('/api/nope', { headers: { 'x-request-id': 'a"} {"level":"error' } })).headers.get('x-request-id');
    expect(hostile).not.toContain('"');
  });

  it('sets the security headers on every /api response, errors included', async () => {
    for (const [kind, pending] of everyKind()) {
      const res = await pending;
      const h = res.headers;
      const csp = h.get('content-security-policy') ?? '';
      expect(csp, kind).toContain("default-src 'none'");
      expect(csp, kind).toContain("frame-ancestors 'none'");
      expect(h.get('strict-transport-security'), kind).toMatch(/max-age=\d{8,}; includeSubDomains/);
      expect(h.get('x-content-type-options'), kind).toBe('nosniff');
      expect(h.get('x-frame-options'), kind).toBe('DENY');
      expect(h.get('referrer-policy'), kind).toBe('no-referrer');
      expect(h.get('cache-control'), kind).toBe('no-store');
    }
  });

  it('logs one structured JSON line per request', async () => {
    const logger = memoryLogger();
    const res = await createApp(logger).request('/api/nope');
    const line = logger.lines.find((l) => l.msg === 'request');
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/nope', status: 404, requestId: res.headers.get('x-request-id') });
    expect(typeof line?.time).toBe('string');
  });

  it('publishes an OpenAPI document listing every route with its error responses', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        API_PATHS.cspReport,
        API_PATHS.events,
        // accounts and entitlements
        '/api/auth/authorize',
        '/api/auth/change-password',
        '/api/auth/confirm',
        '/api/auth/forgot-password',
        '/api/auth/login',
        '/api/auth/new-password',
        '/api/auth/profile',
        '/api/auth/register',
        '/api/auth/resend-code',
        '/api/auth/reset-password',
        '/api/auth/return-token',
        '/api/authenticated',
        '/api/refresh',
        '/api/sign_out',
        '/api/users/entitlements/{userId}',
        // streaming (docs/streaming-api.md)
        API_PATHS.sessionCheck,
        API_PATHS.sessionHeartbeat,
        API_PATHS.sessionRelease,
        '/api/video/feed/{feed}/sections',
        '/api/video/categories',
        '/api/video/packages',
        '/api/video/streams/{assetId}',
        // payments (docs/payments.md)
        API_PATHS.createCheckout,
        API_PATHS.createPortalRedirect,
        API_PATHS.fulfilCheckout,
        API_PATHS.voucherCheck,
        API_PATHS.stripeWebhook,
        // content webhook (docs/publishing.md)
        '/api/content/webhook',
        // live matches (docs/live-matches.md)
        '/api/matches/feed',
        '/api/matches/live',
        '/api/matches/live/{matchId}',
      ].sort(),
    );
    const events = doc.paths[API_PATHS.events]?.post;
    expect(Object.keys(events?.responses ?? {}).sort()).toEqual(['202', '400', '403', '413', '415', '429']);
    expect(Object.keys(events?.requestBody?.content ?? {})).toEqual(['application/json']);
    expect(Object.keys(doc.paths[API_PATHS.cspReport]?.post?.requestBody?.content ?? {}).sort()).toEqual([
      'application/csp-report',
      'application/reports+json',
    ]);
  });
});

describe('POST /api/csp-report', () => {
  const report = {
    'csp-report': {
      'document-uri': 'https://www.stokecity.example/news/?email=fan@example.com#top',
      'blocked-uri': 'https://evil.example/x.js?token=abc',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      disposition: 'enforce',
      'line-number': 12,
      'script-sample': '',
      'original-policy': "default-src 'self'",
    },
  };

  function send(app: ReturnType<typeof createApp>, type: string, body: BodyInit, clientIp = '192.0.2.9') {
    return app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit, { clientIp });
  }

  it('logs an application/csp-report report as structured JSON without query strings, and answers 204', async () => {
    const logger = memoryLogger();
    const res = await send(createApp(logger), 'application/csp-report', JSON.stringify(report));
    expect(res.status).toBe(204);
    const line = logger.lines.find((l) => l.msg === 'csp-report');
    expect(line).toMatchObject({
      level: 'warn',
      type: 'csp-violation',
      documentURL: 'https://www.stokecity.example/news/',
      blockedURL: 'https://evil.example/x.js',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      lineNumber: 12,
      requestId: res.headers.get('x-request-id'),
    });
    expect(JSON.stringify(logger.lines)).not.toContain('fan@example.com');
    expect(JSON.stringify(logger.lines)).not.toContain('token=abc');
  });

  it('logs each report of an application/reports+json batch', async () => {
    const logger = memoryLogger();
    const batch = [
      {
        type: 'csp-violation',
        age: 10,
        url: 'https://www.stokecity.example/',
        user_agent: 'UA',
        body: { documentURL: 'https://www.stokecity.example/', blockedURL: 'inline', effectiveDirective: 'style-src-attr', disposition: 'report' },
      },
      { type: 'deprecation', url: 'https://www.stokecity.example/matches?x=1', body: { id: 'x' } },
    ];
    const res = await send(createApp(logger), 'application/reports+json', JSON.stringify(batch));
    expect(res.status).toBe(204);
    const lines = logger.lines.filter((l) => l.msg === 'csp-report');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ type: 'csp-violation', blockedURL: 'inline', effectiveDirective: 'style-src-attr' });
    expect(lines[1]).toMatchObject({ type: 'deprecation', documentURL: 'https://www.stokecity.example/matches' });
  });

  it('refuses other media types (415), bad JSON and bad shapes (400), and never answers 500', async () => {
    const app = createApp();
    expect((await send(app, 'application/json', JSON.stringify(report))).status).toBe(415);
    expect((await send(app, 'text/plain', JSON.stringify(report))).status).toBe(415);
    const bad = await send(app, 'application/csp-report', '{');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_json' } });
    const shape = await send(app, 'application/csp-report', JSON.stringify({ 'csp-report': { 'line-number': 'twelve' } }));
    expect(shape.status).toBe(400);
    expect(await shape.json()).toMatchObject({ error: { code: 'invalid_request', fields: [{ path: 'csp-report.line-number' }] } });
    for (const body of ['[1]', '{"a":1}', 'null', '"x"', JSON.stringify([{ type: 5 }])]) {
      const res = await send(app, 'application/reports+json', body);
      expect(res.status, body).toBe(400);
    }
  });

  it('keeps answering 204 when logging fails', async () => {
    const logger: Logger = {
      debug() {},
      info() {},
      error() {},
      warn: () => {
        throw new Error('log drain down');
      },
    };
    expect((await send(createApp(logger), 'application/csp-report', JSON.stringify(report))).status).toBe(204);
  });

  it('bounds the body size (413) and rate-limits each client (429 with Retry-After)', async () => {
    const app = createApp();
    const big = JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(MAX_REPORT_BYTES) } });
    expect((await send(app, 'application/csp-report', big)).status).toBe(413);
    for (let i = 1; i < CSP_REPORT_RATE_LIMIT.limit; i += 1) {
      expect((await send(app, 'application/csp-report', JSON.stringify(report))).status).toBe(204);
    }
    const limited = await send(app, 'application/csp-report', JSON.stringify(report));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await send(app, 'application/csp-report', JSON.stringify(report), '192.0.2.10')).status).toBe(204);
  });

  it('redacts URLs to origin and path, keeping CSP keywords', () => {
    expect(redactUrl('https://a.example/p?q=1#f')).toBe('https://a.example/p');
    expect(redactUrl('inline')).toBe('inline');
    expect(redactUrl('data:text/javascript,alert(1)')).toBe('data');
  });
});

describe('platform environment and origin rule', () => {
  it('parses defaults and lists, and fails naming each bad variable', () => {
    expect(parsePlatformEnv({})).toEqual({ LOG_LEVEL: 'info', COGNITO_REGION: 'eu-west-1', COOKIE_SECURE: 'auto' });
    expect(parsePlatformEnv({ SITE_URL: '', API_ALLOWED_ORIGINS: ' https://a.example , https://b.example:8443 ' }).API_ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    let error: unknown;
    try {
      parsePlatformEnv({ SITE_URL: 'not a url', LOG_LEVEL: 'loud', API_ALLOWED_ORIGINS: 'https://a.example/path' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PlatformEnvError);
    expect((error as PlatformEnvError).variables.sort()).toEqual(['API_ALLOWED_ORIGINS', 'LOG_LEVEL', 'SITE_URL']);
    expect((error as Error).message).toContain('LOG_LEVEL');
  });

  it('allows only the request origin and the configured ones', () => {
    expect(isAllowedOrigin('https://www.stokecity.example', 'https://www.stokecity.example/api/events', [])).toBe(true);
    expect(isAllowedOrigin('https://x.example', 'https://www.stokecity.example/api/events', ['https://x.example'])).toBe(true);
    for (const origin of [undefined, '', 'null', 'https://evil.example', 'https://www.stokecity.example:444']) {
      expect(isAllowedOrigin(origin, 'https://www.stokecity.example/api/events', []), String(origin)).toBe(false);
    }
  });
});

describe('typed client (src/platform/client.ts)', () => {
  it('posts a logged event to the API and reads its error envelope', async () => {
    const app = createApp();
    const calls: string[] = [];
    const viaApp: typeof fetch = async (input, init) => {
      calls.push(String(input));
      const headers = new Headers(init?.headers);
      headers.set('origin', 'http://localhost');
      return app.request(String(input), { ...init, headers });
    };
    const result = await postLoggedEvent({ action: 'advertClick' } as never, { fetch: viaApp });
    expect(calls).toEqual([API_PATHS.events]);
    expect(result).toMatchObject({ ok: false, status: 400, code: 'invalid_request' });
  });
});

describe('scripts/serve.mjs mounts the same platform app under /api', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'terrace-api-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><h1>Home</h1>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers /api/* with the platform envelope and headers', async () => {
    const server = createLocalServer({ root, verbose: false, env: {} });
    const res = await server.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
  });
});
