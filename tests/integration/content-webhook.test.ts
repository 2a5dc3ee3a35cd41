/**
 * The signed content webhook (src/platform/content/, docs/publishing.md) through
 * createPlatformApp: a signed delivery starts the rebuild (a stand-in Netlify build hook on
 * 127.0.0.1:4770 records the POST); a bad or missing signature, a changed body, a stale or future
 * timestamp, a replayed delivery, an oversized body, a wrong media type and a flood are refused
 * and start nothing; an invalid body is 400 naming the field; without a secret, or in production
 * without a build hook, nothing is accepted. The local trigger runs one command at a time and
 * coalesces changes that arrive meanwhile into one more run.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlatformApp } from '../../src/platform/app';
import type { Clock, Logger } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { CONTENT_WEBHOOK_RATE_LIMIT, CONTENT_WEBHOOK_TOLERANCE_SECONDS, MAX_CONTENT_WEBHOOK_BODY_BYTES } from '../../src/platform/content/contentRoutes';
import { localCommandTrigger } from '../../src/platform/content/rebuild';
import { signatureHeader, verifySignature } from '../../src/platform/content/signature';

const SECRET = 'test-content-webhook-secret-0123456789abcdef';
const HOOK_PORT = 4770;
const HOOK_URL = `http://127.0.0.1:${HOOK_PORT}/build_hooks/test-hook`;
const quietLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** The stand-in build hook: records each POST; answers `hookStatus`. */
let hook: Server;
let hookCalls: { method: string; url: string }[] = [];
let hookStatus = 200;
beforeAll(async () => {
  hook = createServer((req, res) => {
    hookCalls.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    res.writeHead(hookStatus).end();
  });
  await new Promise<void>((resolve) => hook.listen(HOOK_PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => hook.close(() => resolve())));
beforeEach(() => {
  hookCalls = [];
  hookStatus = 200;
});

const NOW = new Date('2026-05-24T09:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const clock: Clock = { now: () => NOW };

function createApp(env: Record<string, string> = {}) {
  return createPlatformApp({
    env: parsePlatformEnv({ LOG_LEVEL: 'silent', CONTENT_WEBHOOK_SECRET: SECRET, NETLIFY_BUILD_HOOK_URL: HOOK_URL, ...env }),
    logger: quietLogger,
    clock,
  });
}
type App = ReturnType<typeof createApp>;

let deliveries = 0;
/** A fresh valid delivery body (its own id, so its signature is new). */
function change(overrides: Record<string, unknown> = {}): string {
  deliveries += 1;
  return JSON.stringify({
    id: `delivery-${deliveries}`,
    feed: 'news',
    action: 'created',
    items: ['academy-duo-sign-first-professional-contracts'],
    ...overrides,
  });
}

function post(app: App, body: string, headers: Record<string, string> = {}, clientIp = '198.51.100.20') {
  return app.request('/api/content/webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }, { clientIp });
}
const signed = (body: string, t = nowSeconds, secret = SECRET) => ({ 'terrace-signature': signatureHeader(secret, t, body) });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string; fields?: { path: string }[] } }).error;

describe('POST /api/content/webhook', () => {
  it('a signed delivery starts the rebuild through the Netlify build hook (202)', async () => {
    const app = createApp();
    const body = change();
    const res = await post(app, body, signed(body));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { accepted: true, rebuild: { mode: 'netlify-build-hook', state: 'started' } } });
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]?.method).toBe('POST');
    const title = new URL(hookCalls[0]?.url ?? '', 'http://x').searchParams.get('trigger_title');
    expect(title).toContain(`content webhook delivery-${deliveries}: news created (academy-duo-sign-first-professional-contracts)`);
  });

  it('refuses a wrong secret, a missing or malformed signature and a body changed after signing (401); nothing rebuilds', async () => {
    const app = createApp();
    const body = change();
    for (const headers of [
      signed(body, nowSeconds, 'another-secret-0123456789abcdef0123456789'),
      {},
      { 'terrace-signature': 'v1=abc' },
      { 'terrace-signature': `t=${nowSeconds}` },
    ]) {
      const res = await post(app, body, headers);
      expect(res.status).toBe(401);
      expect((await codeOf(res)).code).toBe('invalid_signature');
    }
    const tampered = body.replace('created', 'deleted');
    const res = await post(app, tampered, signed(body));
    expect(res.status).toBe(401);
    expect(hookCalls).toHaveLength(0);
  });

  it('refuses a stale or future timestamp beyond the tolerance (401 stale_signature), accepts one just inside', async () => {
    const app = createApp();
    for (const t of [nowSeconds - CONTENT_WEBHOOK_TOLERANCE_SECONDS - 1, nowSeconds + CONTENT_WEBHOOK_TOLERANCE_SECONDS + 1]) {
      const body = change();
      const res = await post(app, body, signed(body, t));
      expect(res.status).toBe(401);
      expect((await codeOf(res)).code).toBe('stale_signature');
    }
    expect(hookCalls).toHaveLength(0);
    const body = change();
    expect((await post(app, body, signed(body, nowSeconds - CONTENT_WEBHOOK_TOLERANCE_SECONDS + 5))).status).toBe(202);
  });

  it('refuses a replayed delivery (409 replayed) and rebuilds once', async () => {
    const app = createApp();
    const body = change();
    const headers = signed(body);
    expect((await post(app, body, headers)).status).toBe(202);
    const again = await post(app, body, headers, '192.0.2.99');
    expect(again.status).toBe(409);
    expect((await codeOf(again)).code).toBe('replayed');
    expect(hookCalls).toHaveLength(1);
  });

  it('refuses an oversized body (413) before reading it, and a non-JSON media type (415)', async () => {
    const app = createApp();
    const big = change({ items: Array.from({ length: 400 }, (_, i) => `an-article-slug-long-enough-to-fill-the-body-${i}`) });
    expect(big.length).toBeGreaterThan(MAX_CONTENT_WEBHOOK_BODY_BYTES);
    const res = await post(app, big, signed(big));
    expect(res.status).toBe(413);
    expect((await codeOf(res)).code).toBe('payload_too_large');
    const body = change();
    const form = await post(app, body, { ...signed(body), 'content-type': 'text/plain' });
    expect(form.status).toBe(415);
    expect(hookCalls).toHaveLength(0);
  });

  it('rate-limits a client (429 after the limit), whatever the signatures', async () => {
    const app = createApp();
    const statuses: number[] = [];
    for (let i = 0; i <= CONTENT_WEBHOOK_RATE_LIMIT.limit; i += 1) {
      const body = change();
      statuses.push((await post(app, body, signed(body), '203.0.113.50')).status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 400 naming the field for a signed but invalid body', async () => {
    const app = createApp();
    const body = change({ feed: 'gossip', items: [] });
    const res = await post(app, body, signed(body));
    expect(res.status).toBe(400);
    const error = await codeOf(res);
    expect(error.code).toBe('invalid_request');
    expect(error.fields?.map((f) => f.path)).toEqual(expect.arrayContaining(['feed', 'items']));
    const notJson = '{"id": ';
    expect((await codeOf(await post(app, notJson, signed(notJson)))).code).toBe('invalid_json');
    expect(hookCalls).toHaveLength(0);
  });

  it('refuses everything without a secret, and in production without a build hook (503)', async () => {
    const unconfigured = createPlatformApp({ env: parsePlatformEnv({ LOG_LEVEL: 'silent', NETLIFY_BUILD_HOOK_URL: HOOK_URL }), logger: quietLogger, clock });
    const body = change();
    const res = await post(unconfigured, body, signed(body));
    expect(res.status).toBe(503);
    expect((await codeOf(res)).code).toBe('webhook_unconfigured');
    const production = createPlatformApp({
      env: parsePlatformEnv({ LOG_LEVEL: 'silent', CONTENT_WEBHOOK_SECRET: SECRET, NODE_ENV: 'production' }),
      logger: quietLogger,
      clock,
    });
    const other = change();
    const refused = await post(production, other, signed(other));
    expect(refused.status).toBe(503);
    expect((await codeOf(refused)).code).toBe('rebuild_unavailable');
    expect(hookCalls).toHaveLength(0);
  });

  it('a build hook that fails is 503, and the same delivery may then be sent again', async () => {
    const app = createApp();
    const body = change();
    const headers = signed(body);
    hookStatus = 500;
    const res = await post(app, body, headers);
    expect(res.status).toBe(503);
    expect((await codeOf(res)).code).toBe('rebuild_unavailable');
    hookStatus = 200;
    expect((await post(app, body, headers)).status).toBe(202);
  });
});

describe('verifySignature', () => {
  it('accepts one of several v1 digests (a secret being rotated) and refuses duplicated timestamps', () => {
    const body = '{}';
    const good = signatureHeader(SECRET, nowSeconds, body).split(',')[1];
    const other = signatureHeader('x'.repeat(40), nowSeconds, body).split(',')[1];
    expect(verifySignature(`t=${nowSeconds},${other},${good}`, body, SECRET, nowSeconds, 300).ok).toBe(true);
    expect(verifySignature(`t=${nowSeconds},t=${nowSeconds},${good}`, body, SECRET, nowSeconds, 300)).toEqual({ ok: false, problem: 'malformed' });
  });
});

describe('the local rebuild command', () => {
  it('runs one at a time and coalesces the changes that arrive meanwhile into one more run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'terrace-publish-trigger-'));
    try {
      const log = path.join(dir, 'runs.txt');
      const script = `require('node:fs').appendFileSync(${JSON.stringify(log)}, 'run\\n'); setTimeout(() => {}, 400);`;
      const trigger = localCommandTrigger({ logger: quietLogger, command: [process.execPath, '-e', script], cwd: dir });
      const one = JSON.parse(change()) as Parameters<typeof trigger>[0];
      expect(await trigger(one)).toEqual({ mode: 'local-command', state: 'started' });
      expect(await trigger(one)).toEqual({ mode: 'local-command', state: 'queued' });
      expect(await trigger(one)).toEqual({ mode: 'local-command', state: 'queued' });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(readFileSync(log, 'utf8')).toBe('run\nrun\n');
      expect(await trigger(one)).toEqual({ mode: 'local-command', state: 'started' });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 15_000);

  it('a command that cannot start does not block the next run', async () => {
    const trigger = localCommandTrigger({ logger: quietLogger, command: [path.join(tmpdir(), 'terrace-no-such-command')] });
    const one = JSON.parse(change()) as Parameters<typeof trigger>[0];
    expect((await trigger(one)).state).toBe('started');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await trigger(one)).state).toBe('started');
  });
});
