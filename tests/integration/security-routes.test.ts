/**
 * Security review of the platform API route by route (docs/reliability.md "Security review"): every
 * route of GET /api/openapi.json needs an entry in ROUTES, and each is tried signed out, with forged,
 * expired and blocked sessions, from a foreign or missing Origin (403 forbidden_origin), with bodies
 * over the limit or malformed (413/400/415, never 500), with malformed path and query parameters,
 * and as another account (403/404, the owner unaffected). Also a replayed genuine webhook delivery
 * (processed once; 400 after the tolerance). Tokens are real RS256 JWTs checked by the production
 * verifier against a local JWKS; payments go to the local Stripe stand-in.
 */
import { generateKeyPairSync, createHmac, type KeyObject } from 'node:crypto';
import { exportJWK, createLocalJWKSet, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../../scripts/local/stripe/index.mjs';
import type { IdentityService } from '../../src/accounts/server/cognito';
import { createTokenVerifier } from '../../src/accounts/server/cognitoTokens';
import { createPlatformApp } from '../../src/platform/app';
import { lazyDatabase, type PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv, stripeSettings } from '../../src/platform/env';
import { createStripeClient } from '../../src/payments/server/stripeClient';
import {
  grantEntitlement,
  isWebhookEventRecorded,
  listLiveLeases,
  openDatabase,
  setUserBlocked,
  upsertUserBySub,
  type OpenDatabase,
} from '../../src/platform/storage/platformStorage';
import { createVideoCatalogue } from '../../src/streaming/server/streamCatalogue';
import { streamingConfigFromEnv } from '../../src/streaming/server/streamingConfig';
import { createPlaybackSigner } from '../../src/streaming/server/playbackSigner';
import { offsetClock, quiet, SITE } from '../support/paymentsApi';
import { IDS } from '../support/streamApi';
import { MATCH_PASS } from '../support/matchPass';

const STRIPE_PORT = 4750;
const ISSUER = 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_security';
const CLIENT_ID = 'security-review-client';
const FOREIGN = 'https://evil.example';
const PASS = MATCH_PASS;

type Access = 'public' | 'session' | 'signature' | 'optional-session';
/** What the matrix expects of one route. */
interface RouteExpectation {
  /** A concrete path to call (path parameters filled in). */
  path: string;
  /** Who may call it. */
  access: Access;
  /** The status of a well-formed call without cookies (same Origin). */
  anonymous: number;
  /** A well-formed body (JSON unless `contentType`), for routes that take one. */
  body?: () => unknown;
  contentType?: string;
  /** Headers a well-formed call carries besides Origin, cookies and Content-Type. */
  headers?: Record<string, string>;
  /** The route's body limit in bytes (413 beyond), when it reads a body. */
  maxBytes?: number;
  /** A state-changing call a browser makes: refused from a foreign Origin. */
  browser: boolean;
  /** Error code of the signed-out answer, when 401. */
  signedOutCode?: string;
}

const event = () => ({
  action: 'advertImpression',
  advertID: 'ad-1',
  advertName: 'Kit launch',
  advertRef: 'r',
  campaignRef: 'c',
  sessionID: 'no tracking',
  ssoID: 'no tracking',
  timestamp: '2026-11-20T15:00:00Z',
  url: 'https://www.stokecity.example/shop',
  userAllowTracking: false,
  channel: 'web',
  domain: 'www.stokecity.example',
  logID: 12345,
  screensize: '1280x720',
  ssoVendor: 'cognito',
  userAgent: 'Mozilla/5.0',
});
const cspReport = () => ({ 'csp-report': { 'document-uri': `${SITE}/`, 'blocked-uri': 'inline', 'violated-directive': 'script-src-elem' } });
const lease = (leaseID = 'b1c8a7e2-0000-4000-8000-000000000000') => ({ data: { attributes: { leaseID } } });

/** The matrix: one entry per "METHOD /api/path" of the OpenAPI document. */
const ROUTES: Record<string, RouteExpectation> = {
  'POST /api/events': { path: '/api/events', access: 'public', anonymous: 202, body: event, maxBytes: 16 * 1024, browser: true },
  'POST /api/csp-report': {
    path: '/api/csp-report',
    access: 'public',
    anonymous: 204,
    body: cspReport,
    contentType: 'application/csp-report',
    maxBytes: 64 * 1024,
    browser: false, // browsers send reports without a same-origin guarantee; they are only logged
  },
  'POST /api/auth/login': {
    path: '/api/auth/login',
    access: 'public',
    anonymous: 401,
    body: () => ({ username: 'fan@terrace.test', password: 'Wrong-1' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/new-password': {
    path: '/api/auth/new-password',
    access: 'public',
    anonymous: 401,
    body: () => ({ newPassword: 'A-New-Pass-123' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/register': {
    path: '/api/auth/register',
    access: 'public',
    anonymous: 201,
    body: () => ({ email: 'new@terrace.test', password: 'A-New-Pass-123', displayName: 'New Fan' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/confirm': {
    path: '/api/auth/confirm',
    access: 'public',
    anonymous: 200,
    body: () => ({ email: 'new@terrace.test', code: '123456' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/resend-code': {
    path: '/api/auth/resend-code',
    access: 'public',
    anonymous: 202,
    body: () => ({ email: 'new@terrace.test' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/forgot-password': {
    path: '/api/auth/forgot-password',
    access: 'public',
    anonymous: 202,
    body: () => ({ email: 'new@terrace.test' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/reset-password': {
    path: '/api/auth/reset-password',
    access: 'public',
    anonymous: 200,
    body: () => ({ email: 'new@terrace.test', code: '123456', newPassword: 'A-New-Pass-123' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/change-password': {
    path: '/api/auth/change-password',
    access: 'session',
    anonymous: 401,
    signedOutCode: 'no_active_user',
    body: () => ({ previousPassword: 'Old-Pass-123', proposedPassword: 'A-New-Pass-123' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/profile': {
    path: '/api/auth/profile',
    access: 'session',
    anonymous: 401,
    signedOutCode: 'no_active_user',
    body: () => ({ displayName: 'Fan' }),
    maxBytes: 8 * 1024,
    browser: true,
  },
  'POST /api/auth/return-token': {
    path: '/api/auth/return-token',
    access: 'session',
    anonymous: 401,
    body: () => `returnTo=${encodeURIComponent(`${SITE}/videos/`)}`,
    contentType: 'application/x-www-form-urlencoded',
    headers: { 'sec-fetch-mode': 'navigate' },
    maxBytes: 8 * 1024,
    browser: true,
  },
  'GET /api/authenticated': { path: '/api/authenticated', access: 'session', anonymous: 401, browser: false },
  'GET /api/refresh': { path: '/api/refresh', access: 'public', anonymous: 401, browser: false },
  'DELETE /api/refresh': { path: '/api/refresh', access: 'public', anonymous: 204, browser: true },
  'POST /api/sign_out': { path: '/api/sign_out', access: 'public', anonymous: 204, browser: true },
  'GET /api/auth/authorize': { path: '/api/auth/authorize?provider=Google', access: 'public', anonymous: 503, browser: false },
  'GET /api/users/entitlements/{userId}': { path: '/api/users/entitlements/USER', access: 'session', anonymous: 401, browser: false },
  'POST /api/session/check': {
    path: '/api/session/check',
    access: 'optional-session',
    anonymous: 403, // ERR_3684853_1 'Login required' for a paid asset; '?' assets play anonymously
    body: () => ({ data: { attributes: { videoID: IDS.replay, mediaType: 'OnDemand' } } }),
    maxBytes: 4 * 1024,
    browser: true,
  },
  'POST /api/session/heartbeat': { path: '/api/session/heartbeat', access: 'session', anonymous: 401, body: () => lease(), maxBytes: 4 * 1024, browser: true },
  'POST /api/session/release': {
    path: '/api/session/release',
    access: 'optional-session',
    anonymous: 204,
    body: () => lease(),
    maxBytes: 4 * 1024,
    browser: true,
  },
  'GET /api/video/feed/{feed}/sections': { path: '/api/video/feed/videos/sections', access: 'public', anonymous: 200, browser: false },
  'GET /api/video/categories': { path: '/api/video/categories', access: 'public', anonymous: 200, browser: false },
  'GET /api/video/packages': { path: '/api/video/packages?filter.packageType=membership', access: 'public', anonymous: 200, browser: false },
  'GET /api/video/streams/{assetId}': { path: `/api/video/streams/${IDS.live}`, access: 'public', anonymous: 200, browser: false },
  'POST /api/payments/create-checkout': {
    path: '/api/payments/create-checkout',
    access: 'session',
    anonymous: 401,
    body: () => PASS,
    maxBytes: 4 * 1024,
    browser: true,
  },
  'POST /api/payments/create-portal-redirect': {
    path: '/api/payments/create-portal-redirect',
    access: 'session',
    anonymous: 401,
    body: () => ({ returnURL: '/videos/' }),
    maxBytes: 4 * 1024,
    browser: true,
  },
  'POST /api/payments/fulfil': {
    path: '/api/payments/fulfil',
    access: 'session',
    anonymous: 401,
    body: () => ({ sessionId: 'cs_test_unknown' }),
    maxBytes: 4 * 1024,
    browser: true,
  },
  'POST /api/payments/vouchers/check': {
    path: '/api/payments/vouchers/check',
    access: 'public',
    anonymous: 422,
    body: () => ({ code: 'NOSUCHCODE' }),
    maxBytes: 4 * 1024,
    browser: true,
  },
  'POST /api/payments/webhook': {
    path: '/api/payments/webhook',
    access: 'signature',
    anonymous: 400,
    body: () => ({ id: 'evt_1', type: 'ping' }),
    maxBytes: 512 * 1024,
    browser: false,
  },
  // The content webhook: HMAC-signed by the content platform; without CONTENT_WEBHOOK_SECRET
  // (as here) it answers 503 webhook_unconfigured. Its signature, staleness and replay refusals
  // are its own tests' (src/platform/content/contentRoutes.ts).
  'POST /api/content/webhook': { path: '/api/content/webhook', access: 'signature', anonymous: 503, body: () => ({}), maxBytes: 16 * 1024, browser: false },
  'POST /api/matches/feed': { path: '/api/matches/feed', access: 'signature', anonymous: 503, body: () => ({}), maxBytes: 64 * 1024, browser: false },
  'GET /api/matches/live': { path: '/api/matches/live', access: 'public', anonymous: 200, browser: false },
  'GET /api/matches/live/{matchId}': { path: '/api/matches/live/no-such-match', access: 'public', anonymous: 404, browser: false },
};

// ---------------------------------------------------------------------------------------------
// The harness: PGlite, the Stripe stand-in, real RS256 session tokens, streaming services.

const poolKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forgerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const playbackKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const clock = offsetClock();

let storage: OpenDatabase;
let db: PlatformDatabase;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: ReturnType<typeof createPlatformApp>;
let webhookSecret: string;
let stripe: NonNullable<ReturnType<typeof createStripeClient>>;

/** Accepts every call; refuses every password (the matrix does not sign in through Cognito). */
const identity = new Proxy({} as IdentityService, {
  get: (_target, name) => {
    if (name === 'signIn' || name === 'completeNewPassword' || name === 'refresh') {
      return async () => {
        throw Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
      };
    }
    if (name === 'getUserAttributes') return async () => ({});
    if (name === 'then') return undefined;
    return async () => undefined;
  },
});

beforeAll(async () => {
  storage = await openDatabase({ dataDir: 'memory://' });
  await storage.migrate();
  db = lazyDatabase(async () => storage);
  standIn = await startStripeStandIn({ port: STRIPE_PORT, quiet: true });
  webhookSecret = standIn.webhookSecret;
  const env = parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE, ...standIn.env });
  stripe = createStripeClient(stripeSettings(env))!;
  const jwk = { ...(await exportJWK(poolKey.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
  const tokens = createTokenVerifier({ issuer: ISSUER, clientId: CLIENT_ID, keys: createLocalJWKSet({ keys: [jwk] }), now: clock.now });
  const keyB64 = Buffer.from(playbackKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string).toString('base64');
  const config = streamingConfigFromEnv({ PLAYBACK_SIGNING_KEYS: `test-key:${keyB64}`, STREAM_HOST_URL: 'http://127.0.0.1:4752' });
  const streaming = {
    config,
    signer: createPlaybackSigner({ keys: config.signingKeys, lifetimeSeconds: config.lifetimeSeconds, now: clock.now }),
    catalogue: createVideoCatalogue(),
  };
  app = createPlatformApp({ env, logger: quiet, db, clock, tokens, identity, streaming: () => streaming, stripe: () => stripe });
}, 60_000);

afterAll(async () => {
  await standIn?.stop();
  await storage?.close();
});

/** A Cognito-shaped id or access token for `sub`. */
async function jwt(sub: string, use: 'id' | 'access', options: { key?: KeyObject; expiresIn?: number; kid?: string; issuer?: string; clientId?: string } = {}) {
  const now = Math.floor(clock.now().getTime() / 1000);
  const clientId = options.clientId ?? CLIENT_ID;
  const claims =
    use === 'id' ? { token_use: 'id', email: `${sub}@terrace.test`, email_verified: true, name: 'Fan' } : { token_use: 'access', client_id: clientId };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'pool-key' })
    .setSubject(sub)
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .setAudience(use === 'id' ? clientId : [])
    .sign(options.key ?? poolKey.privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const cookieOf = (id: string, access: string, marker = false) => `tr_id=${id}; tr_access=${access}${marker ? '; tr_session=1' : ''}`;

/** Session cookies: genuine, or one of the bad kinds. */
async function session(
  sub: string,
  kind: 'genuine' | 'forged-key' | 'alg-none' | 'hs256-public-key' | 'id-as-access' | 'other-issuer' | 'other-client' | 'expired' = 'genuine',
) {
  switch (kind) {
    case 'genuine':
      return cookieOf(await jwt(sub, 'id'), await jwt(sub, 'access'));
    case 'forged-key':
      return cookieOf(await jwt(sub, 'id', { key: forgerKey.privateKey }), await jwt(sub, 'access', { key: forgerKey.privateKey }));
    case 'alg-none': {
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub, iss: ISSUER, exp: now + 3600, iat: now };
      const none = (extra: object) => `${b64({ alg: 'none', kid: 'pool-key' })}.${b64({ ...claims, ...extra })}.`;
      return cookieOf(none({ token_use: 'id', aud: CLIENT_ID }), none({ token_use: 'access', client_id: CLIENT_ID }));
    }
    case 'hs256-public-key': {
      const secret = poolKey.publicKey.export({ type: 'spki', format: 'pem' }) as string;
      const now = Math.floor(Date.now() / 1000);
      const hs = (extra: object) => {
        const head = `${b64({ alg: 'HS256', kid: 'pool-key' })}.${b64({ sub, iss: ISSUER, exp: now + 3600, iat: now, ...extra })}`;
        return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
      };
      return cookieOf(hs({ token_use: 'id', aud: CLIENT_ID }), hs({ token_use: 'access', client_id: CLIENT_ID }));
    }
    case 'id-as-access': {
      const id = await jwt(sub, 'id');
      return cookieOf(id, id);
    }
    case 'other-issuer': {
      const issuer = 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_someoneelse';
      return cookieOf(await jwt(sub, 'id', { issuer }), await jwt(sub, 'access', { issuer }));
    }
    case 'other-client':
      return cookieOf(await jwt(sub, 'id', { clientId: 'another-app' }), await jwt(sub, 'access', { clientId: 'another-app' }));
    case 'expired':
      return cookieOf(await jwt(sub, 'id', { expiresIn: -120 }), await jwt(sub, 'access', { expiresIn: -120 }));
  }
}

let ipCounter = 0;
/** One call; a fresh client address each time so per-address rate limits stay out of the way. */
function call(
  method: string,
  path: string,
  init: { body?: unknown; raw?: BodyInit; cookie?: string; origin?: string | null; contentType?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (method !== 'GET' && init.origin !== null) headers.origin = init.origin ?? SITE;
  const body = init.raw ?? (init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body));
  if (body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  ipCounter += 1;
  return app.request(
    `${SITE}${path}`,
    { method, headers, ...(body === undefined ? {} : { body }) },
    { clientIp: `10.15.${ipCounter >> 8}.${ipCounter & 255}` },
  );
}

const send = (key: string, route: RouteExpectation, init: Parameters<typeof call>[2] = {}) => {
  const [method] = key.split(' ');
  return call(method!, route.path, { body: route.body?.(), contentType: route.contentType, ...init, headers: { ...route.headers, ...init.headers } });
};

type ErrorBody = { error?: { code: string; message: string; fields?: { path: string; message: string }[] }; errors?: { code: string }[] };
const errorOf = async (res: Response) => (await res.clone().json()) as ErrorBody;

let accountCounter = 0;
async function account(options: { entitlements?: string[] } = {}) {
  accountCounter += 1;
  const sub = `sec-${process.pid}-${accountCounter}`;
  const user = await upsertUserBySub(storage.db, { sub, email: `${sub}@terrace.test`, displayName: 'Fan' }, new Date('2026-11-01T00:00:00Z'));
  for (const entitlement of options.entitlements ?? []) {
    await grantEntitlement(
      storage.db,
      { userId: user.id, entitlement, source: 'admin', sourceRef: `sec-${sub}-${entitlement}` },
      { by: 'test', reason: 'security review', at: new Date('2026-11-01T00:00:00Z') },
    );
  }
  return { sub, id: user.id, cookie: await session(sub) };
}

// ---------------------------------------------------------------------------------------------

describe('the route matrix covers the OpenAPI document', () => {
  it('has an entry for every route the app publishes, and none for a route it does not', async () => {
    const doc = (await (await call('GET', '/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const published = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(published.length).toBeGreaterThan(25);
    const missing = published.filter((key) => !(key in ROUTES));
    expect(missing, 'routes without a security expectation: add them to ROUTES').toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !published.includes(key))).toEqual([]);
  });
});

const entries = Object.entries(ROUTES);
const withBody = entries.filter(([, route]) => route.body);
const sessionRoutes = entries.filter(([, route]) => route.access === 'session');
const browserCalls = entries.filter(([, route]) => route.browser);

describe('unauthenticated', () => {
  it.each(entries)('%s answers its signed-out status', async (key, route) => {
    const res = await send(key, route);
    expect(res.status, JSON.stringify(await res.clone().text())).toBe(route.anonymous);
    if (route.access === 'session') expect((await errorOf(res)).error?.code).toBe(route.signedOutCode ?? 'not_signed_in');
  });

  it('refuses a paid stream to a signed-out viewer with the spec code, and the webhook without a signature', async () => {
    const check = await send('POST /api/session/check', ROUTES['POST /api/session/check']!);
    expect((await errorOf(check)).errors?.[0]?.code).toBe('ERR_3684853_1');
    expect((await errorOf(await send('POST /api/payments/webhook', ROUTES['POST /api/payments/webhook']!))).error?.code).toBe('invalid_signature');
  });
});

describe('forged, expired and revoked sessions', () => {
  const kinds = ['forged-key', 'alg-none', 'hs256-public-key', 'id-as-access', 'other-issuer', 'other-client', 'expired'] as const;
  it.each(sessionRoutes)('%s treats every bad session as signed out', async (key, route) => {
    const fan = await account({ entitlements: ['subscription-video'] });
    for (const kind of kinds) {
      const res = await send(key, { ...route, path: route.path.replace('USER', fan.id) }, { cookie: await session(fan.sub, kind) });
      expect(res.status, kind).toBe(401);
      expect((await errorOf(res)).error?.code, kind).toBe(route.signedOutCode ?? 'not_signed_in');
    }
    // An expired session with the refresh marker is told to refresh, never let in.
    const expired = await session(fan.sub, 'expired');
    const res = await send(key, { ...route, path: route.path.replace('USER', fan.id) }, { cookie: `${expired}; tr_session=1` });
    expect(res.status).toBe(401);
    if (!route.signedOutCode) expect((await errorOf(res)).error?.code).toBe('token_expired');
  });

  it('plays nothing paid for a forged or expired session at the session check', async () => {
    const fan = await account({ entitlements: ['subscription-video'] });
    for (const kind of kinds) {
      const res = await send('POST /api/session/check', ROUTES['POST /api/session/check']!, { cookie: await session(fan.sub, kind) });
      expect(res.status, kind).toBe(403);
      expect((await errorOf(res)).errors?.[0]?.code, kind).toBe('ERR_3684853_1');
    }
    expect(await listLiveLeases(storage.db, fan.id, clock.now())).toHaveLength(0);
  });

  it.each(sessionRoutes)('%s refuses a genuine session of an account blocked since (403 account_blocked)', async (key, route) => {
    const fan = await account();
    await setUserBlocked(storage.db, fan.id, true, { by: 'test', reason: 'security review', at: clock.now() });
    const res = await send(key, { ...route, path: route.path.replace('USER', fan.id) }, { cookie: fan.cookie });
    if (key === 'POST /api/session/heartbeat') {
      // A playing device is told to stop with the reason (and no fresh token).
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { attributes: object } }).data.attributes).toEqual({ continue: false, reason: 'blocked', code: 'ERR_56882466_1' });
      return;
    }
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error?.code).toBe('account_blocked');
  });

  it('a replayed session cookie after sign-out stays valid only until its exp (at most an hour; documented)', async () => {
    const fan = await account();
    expect((await call('GET', '/api/authenticated', { cookie: fan.cookie })).status).toBe(200);
    const out = await call('POST', '/api/sign_out', { cookie: fan.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/tr_access=;/);
    // The copied cookie is a bearer JWT: verified locally, it passes until it expires ...
    expect((await call('GET', '/api/authenticated', { cookie: fan.cookie })).status).toBe(200);
    clock.advance(3600 + 10);
    try {
      // ... and not a moment after (5 s tolerance).
      expect((await call('GET', '/api/authenticated', { cookie: fan.cookie })).status).toBe(401);
    } finally {
      clock.advance(-(3600 + 10));
    }
  });
});

describe('foreign origin (CSRF)', () => {
  it.each(browserCalls)('%s refuses a foreign, opaque or missing Origin with 403 before anything runs', async (key, route) => {
    const fan = await account();
    for (const origin of [FOREIGN, 'null', null, 'http://127.0.0.1:4321.evil.example']) {
      const res = await send(key, { ...route }, { origin, cookie: fan.cookie });
      expect(res.status, String(origin)).toBe(403);
      expect((await errorOf(res)).error?.code, String(origin)).toBe('forbidden_origin');
    }
  });

  it('lists exactly the non-browser POSTs as exempt: the signed webhooks and CSP reports (logged only)', () => {
    const exempt = entries.filter(([key, route]) => !key.startsWith('GET') && !route.browser).map(([key]) => key);
    expect(exempt.sort()).toEqual(['POST /api/content/webhook', 'POST /api/csp-report', 'POST /api/matches/feed', 'POST /api/payments/webhook']);
    expect(entries.filter(([, route]) => route.access === 'signature').every(([, route]) => !route.browser)).toBe(true);
  });

  it('the webhook ignores Origin and answers only to its signature', async () => {
    const res = await send('POST /api/payments/webhook', ROUTES['POST /api/payments/webhook']!, {
      origin: FOREIGN,
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error?.code).toBe('invalid_signature');
  });
});

describe('oversized and malformed bodies', () => {
  it.each(withBody)('%s answers 413 to a body over its limit, declared or streamed', async (key, route) => {
    const fan = await account();
    const big = JSON.stringify({ pad: 'x'.repeat(route.maxBytes!) });
    const declared = await send(key, route, { raw: big, cookie: fan.cookie });
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).error?.code).toBe('payload_too_large');
    // Without Content-Length (a stream): refused while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= route.maxBytes! + 1024; sent += 1024) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const [method] = key.split(' ');
    ipCounter += 1;
    const streamed = await app.request(
      `${SITE}${route.path}`,
      {
        method,
        headers: { ...route.headers, origin: SITE, 'content-type': route.contentType ?? 'application/json', cookie: fan.cookie },
        body: stream,
        duplex: 'half',
      } as RequestInit,
      { clientIp: `10.16.${ipCounter >> 8}.${ipCounter & 255}` },
    );
    expect(streamed.status).toBe(413);
  });

  const malformed: [string, string, string?][] = [
    ['not JSON', '{"data": '],
    ['JSON null', 'null'],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['the wrong shape', '{"unexpected": true}'],
    ['wrong types', '{"data":{"attributes":{"leaseID":12,"videoID":[],"mediaType":{}}},"username":1,"password":false,"sessionId":7,"code":null}'],
    ['a deep nest', `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`],
    ['a NUL byte and lone surrogate', '{"username":"a\\u0000b","email":"\\ud800@x","displayName":"\\u0000","code":"\\u0000"}'],
    ['a huge number', '{"pageSize":1e999,"leaseID":1e999}'],
    ['a prototype key', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ];

  it.each(withBody.filter(([, route]) => route.access !== 'signature'))('%s answers malformed bodies 400 with a reason, never 500', async (key, route) => {
    const fan = await account();
    for (const [name, raw] of malformed) {
      const res = await send(key, route, { raw, cookie: fan.cookie });
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(400);
      const error = (await errorOf(res)).error!;
      expect(['invalid_json', 'invalid_request'], name).toContain(error.code);
      expect(error.message.length, name).toBeGreaterThan(0);
      if (error.code === 'invalid_request') expect(error.fields?.length, name).toBeGreaterThan(0);
    }
    // A media type the route does not take: 415 before the body is read.
    const other = route.contentType === 'application/x-www-form-urlencoded' ? 'text/plain' : 'application/x-www-form-urlencoded';
    const res = await send(key, route, { raw: 'a=1', contentType: other, cookie: fan.cookie });
    expect(res.status).toBe(415);
    expect((await errorOf(res)).error?.code).toBe('unsupported_media_type');
  });

  it('the webhook answers any malformed body 400 invalid_signature (the signature is checked over the raw bytes first)', async () => {
    for (const [name, raw] of malformed) {
      const res = await send('POST /api/payments/webhook', ROUTES['POST /api/payments/webhook']!, {
        raw,
        headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=abc` },
      });
      expect(res.status, name).toBe(400);
    }
  });

  it('answers malformed path and query parameters of the GET routes 400 or 404, never 500', async () => {
    const fan = await account();
    const probes = [
      '/api/users/entitlements/%00',
      `/api/users/entitlements/${'x'.repeat(65)}`,
      '/api/users/entitlements/..%2F..%2Fetc',
      '/api/video/feed/%ff/sections',
      '/api/video/feed/videos/sections?pageSize=-1',
      '/api/video/feed/videos/sections?pageIndex=1e999',
      '/api/video/feed/videos/sections?pageSize=abc&pageSize=2',
      `/api/video/feed/${'f'.repeat(65)}/sections`,
      '/api/video/packages',
      '/api/video/packages?filter.packageType=admin',
      '/api/video/packages?filter.packageType[]=membership',
      `/api/video/streams/${'s'.repeat(129)}`,
      '/api/video/streams/%E0%A4%A',
      '/api/auth/authorize',
      '/api/auth/authorize?provider=Evil',
      '/api/auth/authorize?provider=Google&returnTo=' + 'x'.repeat(3000),
      '/api/openapi.json/..%2f..%2fpackage.json',
      '/api/%2e%2e/package.json',
    ];
    for (const probe of probes) {
      const res = await call('GET', probe, { cookie: fan.cookie });
      expect([400, 403, 404], `${probe}: ${res.status}`).toContain(res.status);
      expect(res.headers.get('content-type'), probe).toMatch(/^application\/json/);
    }
  });
});

describe('as another account', () => {
  it("refuses another user's entitlements (403) whatever the id's spelling", async () => {
    const [a, b] = [await account({ entitlements: ['subscription-video'] }), await account()];
    for (const id of [a.id, a.id.toUpperCase(), ` ${a.id}`, encodeURIComponent(a.id)]) {
      const res = await call('GET', `/api/users/entitlements/${encodeURIComponent(id)}`, { cookie: b.cookie });
      expect(res.status, id).toBe(403);
      expect((await errorOf(res)).error?.code, id).toBe('forbidden');
      expect(JSON.stringify(await res.json())).not.toContain('subscription-video');
    }
    expect((await call('GET', `/api/users/entitlements/${a.id}`, { cookie: a.cookie })).status).toBe(200);
  });

  it("cannot stop, renew or take over another account's lease", async () => {
    const [owner, other] = [await account({ entitlements: ['subscription-video'] }), await account({ entitlements: ['subscription-video'] })];
    const granted = await send('POST /api/session/check', ROUTES['POST /api/session/check']!, { cookie: owner.cookie });
    expect(granted.status).toBe(200);
    const { leaseID } = ((await granted.json()) as { data: { attributes: { leaseID: string } } }).data.attributes;

    // Heartbeat of the owner's lease by another account: told to stop, no token, nothing renewed.
    const beat = await call('POST', '/api/session/heartbeat', { body: lease(leaseID), cookie: other.cookie });
    expect(beat.status).toBe(200);
    const beatBody = (await beat.json()) as { data: { attributes: { continue: boolean; token?: string } } };
    expect(beatBody.data.attributes).toMatchObject({ continue: false });
    expect(beatBody.data.attributes.token).toBeUndefined();
    // Release of it: answered 204 (says nothing) but released nothing.
    expect((await call('POST', '/api/session/release', { body: lease(leaseID), cookie: other.cookie })).status).toBe(204);
    expect((await call('POST', '/api/session/release', { body: lease(leaseID), cookie: other.cookie, contentType: 'text/plain' })).status).toBe(204);
    // A session check naming it: a lease of the other's own, not the owner's.
    const check = await call('POST', '/api/session/check', {
      body: { data: { attributes: { videoID: IDS.replay, mediaType: 'OnDemand', leaseID } } },
      cookie: other.cookie,
    });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { data: { attributes: { leaseID: string } } }).data.attributes.leaseID).not.toBe(leaseID);

    expect((await listLiveLeases(storage.db, owner.id, clock.now())).map((row) => row.id)).toEqual([leaseID]);
    const ownBeat = await call('POST', '/api/session/heartbeat', { body: lease(leaseID), cookie: owner.cookie });
    expect(((await ownBeat.json()) as { data: { attributes: { continue: boolean } } }).data.attributes.continue).toBe(true);
    // A signed-out beacon cannot release it either.
    expect((await call('POST', '/api/session/release', { body: lease(leaseID) })).status).toBe(204);
    expect(await listLiveLeases(storage.db, owner.id, clock.now())).toHaveLength(1);
  });

  it("cannot fulfil another account's checkout session, nor reach another's billing portal", async () => {
    const [a, b] = [await account(), await account()];
    const created = await call('POST', '/api/payments/create-checkout', { body: PASS, cookie: a.cookie });
    expect(created.status, await created.clone().text()).toBe(200);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    await standIn.control.pay(id);
    const stolen = await call('POST', '/api/payments/fulfil', { body: { sessionId: id }, cookie: b.cookie });
    expect(stolen.status).toBe(404);
    const entitlementsB = await call('GET', `/api/users/entitlements/${b.id}`, { cookie: b.cookie });
    expect(((await entitlementsB.json()) as { data: { attributes: unknown } }).data.attributes).toEqual({
      userID: b.id,
      entitlements: [],
      stripeCustomerID: null,
    });
    // A now has a Stripe customer; B has none and cannot name A's (the body has no customer field).
    const portalA = await call('POST', '/api/payments/create-portal-redirect', { body: { returnURL: '/videos/' }, cookie: a.cookie });
    expect(portalA.status).toBe(200);
    const customer = (await stripe.customers.list({ limit: 100 })).data.find((c) => c.metadata?.userID === a.id)!;
    expect(customer).toBeDefined();
    const portalB = await call('POST', '/api/payments/create-portal-redirect', {
      body: { returnURL: '/videos/', customer: customer.id, userID: a.id },
      cookie: b.cookie,
    });
    expect(portalB.status).toBe(404);
    expect((await errorOf(portalB)).error?.code).toBe('no_customer');
    // And the portal's return address stays on this site.
    for (const returnURL of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await call('POST', '/api/payments/create-portal-redirect', { body: { returnURL }, cookie: a.cookie })).status, returnURL).toBe(400);
    }
  });

  it('ignores identity fields in bodies: the session check plays by the cookie, not userID', async () => {
    const [paid, free] = [await account({ entitlements: ['subscription-video'] }), await account()];
    const res = await call('POST', '/api/session/check', {
      body: { data: { attributes: { videoID: IDS.replay, mediaType: 'OnDemand', userID: paid.id, userEmail: `${paid.sub}@terrace.test` } } },
      cookie: free.cookie,
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).errors?.[0]?.code).toBe('ERR_3684853_3');
  });
});

describe('the webhook: a captured genuine delivery replayed unchanged', () => {
  it('is processed once within the tolerance and refused (400) after it', async () => {
    const payload = JSON.stringify({
      id: `evt_replay_${Date.now()}`,
      object: 'event',
      type: 'customer.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_x', object: 'customer' } },
      livemode: false,
      api_version: '2025-01-27',
      pending_webhooks: 1,
      request: { id: null },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(clock.now().getTime() / 1000) });
    const post = () => call('POST', '/api/payments/webhook', { raw: payload, origin: null, headers: { 'stripe-signature': header } });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect(await isWebhookEventRecorded(storage.db, eventId)).toBe(true);
    clock.advance(301);
    try {
      const late = await post();
      expect(late.status).toBe(400);
      expect((await errorOf(late)).error?.code).toBe('invalid_signature');
    } finally {
      clock.advance(-301);
    }
  });
});
