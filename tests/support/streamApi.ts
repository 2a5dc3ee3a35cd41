/**
 * A harness for the streaming routes' integration tests (src/streaming/server/streamingApi.test.ts, streamingPostgres.test.ts):
 * the platform app over a given database, a steppable clock, a fresh RSA playback key, and a
 * stand-in session-token verifier (the id and access cookies carry the Cognito `sub` itself), so
 * accounts are made straight in the database without Cognito: signed-in, blocked, bypassed,
 * entitled. The streaming configuration is built from an env record like production's.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createPlatformApp } from '../../src/platform/app';
import { TokenError, type TokenVerifier } from '../../src/accounts/server/cognitoTokens';
import type { Logger, PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv } from '../../src/platform/env';
import { grantEntitlement, setUserBlocked, setUserBypassed, upsertUserBySub, type Database } from '../../src/platform/storage/platformStorage';
import { createVideoCatalogue } from '../../src/streaming/server/streamCatalogue';
import { streamingConfigFromEnv } from '../../src/streaming/server/streamingConfig';
import type { StreamingServices } from '../../src/streaming/server/streamingServices';
import { createPlaybackSigner, createPlaybackVerifier } from '../../src/streaming/server/playbackSigner';

export const SITE = 'http://127.0.0.1:4321';
export const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
export const change = (at: Date) => ({ by: 'test', reason: 'stream api test', at });

/** A clock tests move forward. */
export function steppableClock(start = new Date('2026-11-20T15:00:00Z')) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (seconds: number) => void (now += seconds * 1000) };
}

const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY_B64 = Buffer.from(key.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string).toString('base64');

/** Session tokens as their own `sub` (tests only). */
const subTokens: TokenVerifier = {
  verifyIdToken: async (token) => {
    if (!token.startsWith('sub-')) throw new TokenError('invalid', 'not a test token');
    return { sub: token, exp: 9_999_999_999, token_use: 'id', email: `${token}@terrace.test`, email_verified: true };
  },
  verifyAccessToken: async (token) => {
    if (!token.startsWith('sub-')) throw new TokenError('invalid', 'not a test token');
    return { sub: token, exp: 9_999_999_999, token_use: 'access', client_id: 'test' } as unknown as Awaited<ReturnType<TokenVerifier['verifyAccessToken']>>;
  },
};

/** One app over `db` with the streaming env `streamEnv` (PLAYBACK_SIGNING_KEYS is added). */
export function streamHarness(db: PlatformDatabase, streamEnv: Record<string, string> = {}, options: { noSigner?: boolean } = {}) {
  const clock = steppableClock();
  const config = streamingConfigFromEnv({ PLAYBACK_SIGNING_KEYS: `test-key:${KEY_B64}`, STREAM_HOST_URL: 'http://127.0.0.1:9231', ...streamEnv });
  const streaming: StreamingServices = {
    config,
    signer: options.noSigner ? null : createPlaybackSigner({ keys: config.signingKeys, lifetimeSeconds: config.lifetimeSeconds, now: clock.now }),
    catalogue: createVideoCatalogue(),
  };
  const app = createPlatformApp({
    env: parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE }),
    logger: quiet,
    db,
    clock,
    tokens: subTokens,
    streaming: () => streaming,
  });
  const verifier = createPlaybackVerifier({ keys: config.verifyKeys, now: clock.now });

  /** A call; `as` is the signed-in account's sub. */
  const call = (
    path: string,
    init: { body?: unknown; as?: string; headers?: Record<string, string>; origin?: string | null; country?: string; contentType?: string } = {},
  ) => {
    const method = init.body === undefined ? 'GET' : 'POST';
    const headers: Record<string, string> = { ...init.headers };
    if (method === 'POST' && init.origin !== null) headers.origin = init.origin ?? SITE;
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
    if (init.as) headers.cookie = `tr_id=${init.as}; tr_access=${init.as}`;
    return app.request(
      `${SITE}${path}`,
      { method, headers, ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }) },
      { clientIp: '198.51.100.7', ...(init.country ? { country: init.country } : {}) },
    );
  };

  const check = (videoID: string, mediaType: string, init: Omit<Parameters<typeof call>[1] & object, 'body'> & { leaseID?: string } = {}) =>
    call('/api/session/check', { ...init, body: { data: { attributes: { videoID, mediaType, ...(init.leaseID ? { leaseID: init.leaseID } : {}) } } } });
  const beat = (leaseID: string, as?: string) => call('/api/session/heartbeat', { as, body: { data: { attributes: { leaseID } } } });
  const release = (leaseID: string, as?: string, contentType?: string) =>
    call('/api/session/release', { as, contentType, body: { data: { attributes: { leaseID } } } });

  return { app, clock, config, verifier, call, check, beat, release };
}

let accountCounter = 0;

/** A fresh account in `db`: its sub (the cookie value), id, and any flags and entitlements. */
export async function makeAccount(db: Database, options: { blocked?: boolean; bypassed?: boolean; entitlements?: string[]; at?: Date } = {}) {
  const at = options.at ?? new Date('2026-11-01T00:00:00Z');
  const sub = `sub-${process.pid}-${(accountCounter += 1)}-${Math.random().toString(36).slice(2, 8)}`;
  const user = await upsertUserBySub(db, { sub, email: `${sub}@terrace.test`, displayName: 'Test' }, at);
  if (options.blocked) await setUserBlocked(db, user.id, true, change(at));
  if (options.bypassed) await setUserBypassed(db, user.id, true, change(at));
  const grants = [];
  for (const entitlement of options.entitlements ?? []) {
    grants.push(
      (await grantEntitlement(db, { userId: user.id, entitlement, source: 'admin', sourceRef: `test-${sub}-${entitlement}` }, change(at))).entitlement,
    );
  }
  return { sub, id: user.id, grants };
}

/** Demo content ids the tests use (data/demo/videos.json, data/demo/streams.json). */
export const IDS = {
  replay: '0_0cgsiva', // subscription-video
  highlights: '0_0ijdnsr', // '?'
  pressConference: '0_0k9d9jc', // '*'
  live: 'live-first-team', // DRM, subscription-video
  liveClear: 'live-first-team-clear',
  audio: 'live-audio-commentary',
  offline: 'live-u21',
  ukOnly: 'live-uk-only',
};

/** The body of a 403 stream refusal. */
export async function refusalOf(res: Response) {
  return ((await res.json()) as { errors: { code: string; title: string; detail: string }[] }).errors[0]!;
}

/** The attributes of a 200 answer. */
export async function attributesOf<T = Record<string, unknown>>(res: Response): Promise<T> {
  return ((await res.json()) as { data: { attributes: T } }).data.attributes;
}
