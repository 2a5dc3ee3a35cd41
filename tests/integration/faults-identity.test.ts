/**
 * Fault: Cognito unreachable or hung (docs/reliability.md "Faults"), the API as production builds it
 * against cognito-local, which the test stops or replaces by a silent port: sign-in answers 503
 * identity_unavailable with spec §8's text and Retry-After within seconds; a signed-in supporter
 * keeps watching (authenticated, session check, heartbeat answer 200 from the cached JWKS; refresh
 * 503 keeps the cookies); a cold instance without the JWKS answers 503, never a 401.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoEnv, startCognito } from '../../scripts/local/cognito.mjs';
import { seedDemoPlatformData } from '../../scripts/local/platform.mjs';
import { createPlatformApp } from '../../src/platform/app';
import { lazyDatabase, type Logger, type PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { openDatabase, type OpenDatabase } from '../../src/platform/storage/platformStorage';
import { streamingServicesFromEnv, type StreamingServices } from '../../src/streaming/server/streamingServices';
import { CookieJar } from '../support/cookieJar';

const SITE = 'http://127.0.0.1:4321';
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const LOGIN_PROBLEM = 'There was a problem logging in. Please try again in a few minutes';
/** The longest sign-in may take while Cognito hangs (ms): the SDK's timeouts times its attempts, plus slack. */
const SIGN_IN_BOUND_MS = 15_000;

let stateDir: string;
let cognito: Awaited<ReturnType<typeof startCognito>>;
let storage: OpenDatabase;
let db: PlatformDatabase;
let streaming: StreamingServices;
let env: Record<string, string>;
let blackhole: Server;
const held: Socket[] = [];

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'terrace-faults-identity-'));
  cognito = await startCognito({
    port: 0,
    dataDir: join(stateDir, 'cognito'),
    quiet: true,
    callbackUrls: [`${SITE}/auth/callback/`],
    logoutUrls: [`${SITE}/`],
  });
  storage = await openDatabase({ dataDir: 'memory://' });
  await storage.migrate();
  await seedDemoPlatformData(storage.db, cognito.demoAccounts);
  db = lazyDatabase(async () => storage);
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  streaming = streamingServicesFromEnv({ PLAYBACK_SIGNING_KEYS: `faults:${Buffer.from(key).toString('base64')}`, STREAM_HOST_URL: 'http://127.0.0.1:9231' });
  env = { LOG_LEVEL: 'silent', SITE_URL: SITE, ...cognitoEnv(cognito) };
  // A port that accepts connections and never answers: a hung identity service.
  blackhole = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => blackhole?.close(resolve));
  await cognito?.stop();
  await storage?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

let addressCounter = 0;

/** An API instance (a function instance of its own: its own JWKS cache), with `overrides` on the env. */
function instance(overrides: Record<string, string> = {}) {
  const app = createPlatformApp({ env: parsePlatformEnv({ ...env, ...overrides }), logger: quiet, db, streaming: () => streaming });
  const ip = `203.0.113.${(addressCounter += 1)}`;
  return async (path: string, init: { body?: unknown; jar?: CookieJar } = {}) => {
    const method = init.body === undefined ? 'GET' : 'POST';
    const headers: Record<string, string> = {};
    if (method === 'POST') Object.assign(headers, { origin: SITE, 'content-type': 'application/json' });
    const cookie = init.jar?.header(new URL(path, SITE).pathname);
    if (cookie) headers.cookie = cookie;
    const res = await app.request(
      `${SITE}${path}`,
      { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) },
      { clientIp: ip },
    );
    init.jar?.take(res);
    return res;
  };
}

const demo = (role: string) => cognito.demoAccounts.find((account: { role: string }) => account.role === role)!;
const check = (videoID: string) => ({ data: { attributes: { videoID, mediaType: 'OnDemand' } } });
const REPLAY = '0_0cgsiva'; // subscription-video (data/demo/videos.json)

async function expectLoginProblem(res: Response) {
  expect(res.status, await res.clone().text()).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual(
    expect.objectContaining({ code: 'identity_unavailable', message: LOGIN_PROBLEM }),
  );
}

describe('Cognito unreachable', () => {
  it('a hung Cognito: sign-in answers the spec words and a coded 503 within seconds', async () => {
    const call = instance({ COGNITO_ENDPOINT: `http://127.0.0.1:${(blackhole.address() as { port: number }).port}` });
    const started = performance.now();
    const res = await call('/api/auth/login', { body: { username: demo('free').email, password: demo('free').password } });
    await expectLoginProblem(res);
    expect(performance.now() - started).toBeLessThan(SIGN_IN_BOUND_MS);
  }, 60_000);

  it('Cognito stopped: sign-in says so; the signed-in subscriber keeps watching; a cold instance answers 503, not 401', async () => {
    const call = instance();
    const jar = new CookieJar();
    const subscriber = demo('subscriber');
    expect((await call('/api/auth/login', { body: { username: subscriber.email, password: subscriber.password }, jar })).status).toBe(200);
    const first = await call('/api/session/check', { body: check(REPLAY), jar });
    expect(first.status).toBe(200);
    const { leaseID } = ((await first.json()) as { data: { attributes: { leaseID: string } } }).data.attributes;

    await cognito.stop(); // the emulator's process ends; its port refuses connections

    const started = performance.now();
    await expectLoginProblem(await call('/api/auth/login', { body: { username: demo('free').email, password: demo('free').password }, jar: new CookieJar() }));
    expect(performance.now() - started).toBeLessThan(SIGN_IN_BOUND_MS);

    // The subscriber: verified locally against the cached JWKS, no Cognito call.
    expect((await call('/api/authenticated', { jar })).status).toBe(200);
    expect((await call('/api/session/check', { body: check(REPLAY), jar })).status).toBe(200);
    const beat = await call('/api/session/heartbeat', { body: { data: { attributes: { leaseID } } }, jar });
    expect(beat.status).toBe(200);
    expect(((await beat.json()) as { data: { attributes: { continue: boolean } } }).data.attributes.continue).toBe(true);
    // A refresh needs Cognito: 503, and the session's cookies stay.
    const cookiesBefore = jar.header('/api/refresh');
    const refresh = await call('/api/refresh', { jar });
    await expectLoginProblem(refresh);
    expect(jar.header('/api/refresh')).toBe(cookiesBefore);

    // A cold instance (no JWKS yet) cannot verify: 503 identity_unavailable, cookies kept — not 401.
    const cold = instance();
    const coldCheck = await cold('/api/session/check', { body: check(REPLAY), jar });
    expect(coldCheck.status).toBe(503);
    expect(((await coldCheck.json()) as { error: { code: string } }).error.code).toBe('identity_unavailable');
    expect(coldCheck.headers.get('retry-after')).toMatch(/^\d+$/);
    const coldBeat = await cold('/api/session/heartbeat', { body: { data: { attributes: { leaseID } } }, jar });
    expect(coldBeat.status).toBe(503);
    expect(jar.get('tr_id')).toBeTruthy();
  }, 60_000);
});
