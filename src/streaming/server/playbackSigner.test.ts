/**
 * Playback token signing and verification (src/streaming/server/playbackSigner.ts and streamingConfig.ts; issue
 * 13 item 3): the code the local stream host and a production edge verify with. Wrong `sub`, wrong
 * `aud`, expired, forged, `alg: none`, HS256 signed with the public key, missing and unknown `kid`
 * are refused; two keys are valid at once during a rotation; keys come from the environment as
 * Mux hands them out (base64 of PEM).
 */
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackClaims, type PlaybackGrant } from '../rules/playbackToken';
import { streamingConfigFromEnv, StreamingConfigError } from './streamingConfig';
import {
  createPlaybackSigner,
  createPlaybackVerifier,
  PlaybackTokenError,
  verifyKeysOf,
  type PlaybackSigningKey,
  type PlaybackVerifier,
} from './playbackSigner';

const NOW = new Date('2026-11-21T12:00:00Z');
const GRANT: PlaybackGrant = { playbackId: 'DemoReplay01', audience: 'video', accountId: 'acc-1', leaseId: 'lease-1', assetId: 'asset-1' };
const EXPECTED = { playbackId: 'DemoReplay01', audience: 'video' } as const;

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const pemBase64 = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') =>
  Buffer.from((type === 'spki' ? createPublicKey(key).export({ type, format: 'pem' }) : key.export({ type, format: 'pem' })) as string, 'utf8').toString(
    'base64',
  );

let oldKey: PlaybackSigningKey;
let newKey: PlaybackSigningKey;
let strangerKey: PlaybackSigningKey;
let verifier: PlaybackVerifier;

beforeAll(() => {
  oldKey = { kid: 'key-old', privateKey: rsa() };
  newKey = { kid: 'key-new', privateKey: rsa() };
  strangerKey = { kid: 'key-old', privateKey: rsa() };
  verifier = createPlaybackVerifier({ keys: verifyKeysOf([newKey, oldKey]), now: () => NOW });
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlaybackTokenError);
  return (error as PlaybackTokenError).reason;
}

const signWith = (key: PlaybackSigningKey, at = NOW) => createPlaybackSigner({ keys: [key], now: () => at });

describe('createPlaybackSigner', () => {
  it("signs RS256 with the newest key, naming it in kid, for a lease's 75 s", async () => {
    const signer = createPlaybackSigner({ keys: [newKey, oldKey], now: () => NOW });
    const { token, expiresAt, claims } = await signer.sign(GRANT);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'key-new' });
    expect(payload).toEqual(claims);
    expect(claims).toMatchObject({ sub: 'DemoReplay01', aud: 'v', account_id: 'acc-1', lease_id: 'lease-1', asset_id: 'asset-1' });
    expect(expiresAt.getTime() - NOW.getTime()).toBe(75_000);
    expect(signer.kid).toBe('key-new');
    expect(await verifier.verify(token, EXPECTED)).toEqual(claims);
  });

  it('hands the same grant its last token again only while it is valid reuseIfValidFor seconds longer', async () => {
    let now = NOW;
    const signer = createPlaybackSigner({ keys: [newKey], now: () => now });
    const first = await signer.sign(GRANT, { reuseIfValidFor: 40 });
    now = new Date(NOW.getTime() + 35_000); // 40 s left
    expect((await signer.sign(GRANT)).claims.iat).toBe(first.claims.iat + 35); // no option: always a new token
    expect(await signer.sign(GRANT, { reuseIfValidFor: 40 })).toBe(first);
    // Another use, lease, asset or account of the same playback ID is another grant.
    for (const other of [{ audience: 'licence' as const }, { leaseId: 'lease-2' }, { assetId: 'asset-2' }, { accountId: 'acc-2' }]) {
      expect((await signer.sign({ ...GRANT, ...other }, { reuseIfValidFor: 40 })).claims.iat).toBe(first.claims.iat + 35);
    }
    now = new Date(NOW.getTime() + 36_000); // 39 s left: a new token, living its whole 75 s
    const second = await signer.sign(GRANT, { reuseIfValidFor: 40 });
    expect(second.token).not.toBe(first.token);
    expect(second.expiresAt.getTime() - now.getTime()).toBe(75_000);
    expect(second.claims.exp - second.claims.iat).toBe(75);
  });

  it('takes a lifetime of 60 to 75 s, never longer than a lease', async () => {
    const { expiresAt } = await createPlaybackSigner({ keys: [newKey], lifetimeSeconds: 60, now: () => NOW }).sign(GRANT);
    expect(expiresAt.getTime() - NOW.getTime()).toBe(60_000);
    await expect(createPlaybackSigner({ keys: [newKey], lifetimeSeconds: 600 }).sign(GRANT)).rejects.toThrow(RangeError);
    await expect(createPlaybackSigner({ keys: [newKey], lifetimeSeconds: 7 * 86_400 }).sign(GRANT)).rejects.toThrow(RangeError);
    expect(() => createPlaybackSigner({ keys: [] })).toThrow(/PLAYBACK_SIGNING_KEYS/);
  });
});

describe('createPlaybackVerifier', () => {
  it('refuses a missing or empty token', async () => {
    expect(await refusal(verifier.verify(undefined, EXPECTED))).toBe('missing');
    expect(await refusal(verifier.verify('', EXPECTED))).toBe('missing');
    expect(await refusal(verifier.verify('not.a.jwt', EXPECTED))).toBe('malformed');
  });

  it('refuses a token for another playback ID (wrong sub)', async () => {
    const { token } = await signWith(newKey).sign({ ...GRANT, playbackId: 'DemoLiveVideo01' });
    expect(await refusal(verifier.verify(token, EXPECTED))).toBe('wrong-playback-id');
  });

  it('refuses a token for another use (wrong aud)', async () => {
    const { token } = await signWith(newKey).sign({ ...GRANT, audience: 'licence' });
    expect(await refusal(verifier.verify(token, EXPECTED))).toBe('wrong-audience');
    expect((await verifier.verify(token, { ...EXPECTED, audience: 'licence' })).aud).toBe('d');
  });

  it('refuses an expired token (past exp plus 5 s of tolerance), accepts one within', async () => {
    const issued = new Date(NOW.getTime() - 81_000);
    const { token } = await signWith(newKey, issued).sign(GRANT);
    expect(await refusal(verifier.verify(token, EXPECTED))).toBe('expired');
    const { token: recent } = await signWith(newKey, new Date(NOW.getTime() - 78_000)).sign(GRANT);
    expect((await verifier.verify(recent, EXPECTED)).sub).toBe('DemoReplay01');
  });

  it('refuses a forged token: signed by another key under a known kid, or with its payload changed', async () => {
    const { token } = await signWith(strangerKey).sign(GRANT);
    expect(await refusal(verifier.verify(token, EXPECTED))).toBe('bad-signature');
    const { token: genuine } = await signWith(newKey).sign({ ...GRANT, playbackId: 'DemoLiveVideo01' });
    const [header, , signature] = genuine.split('.');
    const payload = Buffer.from(JSON.stringify(playbackClaims(GRANT, NOW.getTime() / 1000))).toString('base64url');
    expect(await refusal(verifier.verify(`${header}.${payload}.${signature}`, EXPECTED))).toBe('bad-signature');
  });

  it('refuses alg none and HS256 signed with the public key as secret', async () => {
    const claims = playbackClaims(GRANT, NOW.getTime() / 1000);
    const unsecured = new UnsecuredJWT({ ...claims }).encode();
    expect(await refusal(verifier.verify(unsecured, EXPECTED))).toBe('bad-algorithm');
    const withKid = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-new' })).toString('base64url')}.${unsecured.split('.')[1]}.`;
    expect(await refusal(verifier.verify(withKid, EXPECTED))).toBe('bad-algorithm');
    const publicPem = new TextEncoder().encode(verifyKeysOf([newKey])[0]!.publicKey.export({ type: 'spki', format: 'pem' }) as string);
    const hs256 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', kid: 'key-new' }).sign(publicPem);
    expect(await refusal(verifier.verify(hs256, EXPECTED))).toBe('bad-algorithm');
  });

  it('refuses a token without kid or with an unknown kid', async () => {
    const claims = playbackClaims(GRANT, NOW.getTime() / 1000);
    const noKid = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256' }).sign(newKey.privateKey);
    expect(await refusal(verifier.verify(noKid, EXPECTED))).toBe('unknown-key');
    const { token } = await signWith({ kid: 'key-retired', privateKey: newKey.privateKey }).sign(GRANT);
    expect(await refusal(verifier.verify(token, EXPECTED))).toBe('unknown-key');
  });

  it('accepts tokens of the old and the new key during a rotation, and only the new one after', async () => {
    const { token: fromOld } = await signWith(oldKey).sign(GRANT);
    const { token: fromNew } = await createPlaybackSigner({ keys: [newKey, oldKey], now: () => NOW }).sign(GRANT);
    expect(verifier.kids).toEqual(['key-new', 'key-old']);
    expect((await verifier.verify(fromOld, EXPECTED)).sub).toBe('DemoReplay01');
    expect((await verifier.verify(fromNew, EXPECTED)).sub).toBe('DemoReplay01');
    const afterRotation = createPlaybackVerifier({ keys: verifyKeysOf([newKey]), now: () => NOW });
    expect(await refusal(afterRotation.verify(fromOld, EXPECTED))).toBe('unknown-key');
    expect((await afterRotation.verify(fromNew, EXPECTED)).sub).toBe('DemoReplay01');
  });

  it('refuses to start without keys or with two keys under one kid', () => {
    expect(() => createPlaybackVerifier({ keys: [] })).toThrow();
    expect(() => createPlaybackVerifier({ keys: verifyKeysOf([oldKey, strangerKey]) })).toThrow(/share/);
  });
});

describe('streamingConfigFromEnv', () => {
  it('reads Mux-style keys (base64 PEM, PKCS#1 or PKCS#8), newest first, and verify-only public keys', async () => {
    const edgeKey = rsa();
    const config = streamingConfigFromEnv({
      PLAYBACK_SIGNING_KEYS: `key-new:${pemBase64(newKey.privateKey, 'pkcs1')}, key-old:${pemBase64(oldKey.privateKey, 'pkcs8')}`,
      PLAYBACK_VERIFY_KEYS: `key-next:${pemBase64(edgeKey, 'spki')}`,
    });
    expect(config.signingKeys.map((key) => key.kid)).toEqual(['key-new', 'key-old']);
    expect(config.verifyKeys.map((key) => key.kid)).toEqual(['key-new', 'key-old', 'key-next']);
    expect(config.lifetimeSeconds).toBe(75);
    expect(config.hostUrl).toBe('http://127.0.0.1:9231');
    expect(config.licenceUrl).toBe('http://127.0.0.1:9231/license');
    const { token } = await createPlaybackSigner({ keys: config.signingKeys, now: () => NOW }).sign(GRANT);
    expect((await createPlaybackVerifier({ keys: config.verifyKeys, now: () => NOW }).verify(token, EXPECTED)).sub).toBe('DemoReplay01');
    const { token: fromNext } = await signWith({ kid: 'key-next', privateKey: edgeKey }).sign(GRANT);
    expect((await createPlaybackVerifier({ keys: config.verifyKeys, now: () => NOW }).verify(fromNext, EXPECTED)).sub).toBe('DemoReplay01');
  });

  it('takes Mux as the host by configuration alone', () => {
    const config = streamingConfigFromEnv({
      STREAM_HOST_URL: 'https://stream.mux.com/',
      STREAM_LICENCE_URL: 'https://license.mux.com/license',
      PLAYBACK_TOKEN_TTL_SECONDS: '60',
    });
    expect(config).toMatchObject({ hostUrl: 'https://stream.mux.com', licenceUrl: 'https://license.mux.com/license', lifetimeSeconds: 60, signingKeys: [] });
  });

  it('names the bad variable and never prints a key', () => {
    const secret = pemBase64(newKey.privateKey, 'pkcs8');
    const attempt = (env: Record<string, string>) => {
      try {
        streamingConfigFromEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(StreamingConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(attempt({ PLAYBACK_TOKEN_TTL_SECONDS: '604800' })).toMatch(/PLAYBACK_TOKEN_TTL_SECONDS/);
    expect(attempt({ PLAYBACK_TOKEN_TTL_SECONDS: '600' })).toMatch(/PLAYBACK_TOKEN_TTL_SECONDS/);
    expect(attempt({ PLAYBACK_SIGNING_KEYS: secret })).toMatch(/PLAYBACK_SIGNING_KEYS/);
    const truncated = attempt({ PLAYBACK_SIGNING_KEYS: `k1:${secret.slice(0, 400)}` });
    expect(truncated).toMatch(/PLAYBACK_SIGNING_KEYS: key k1/);
    expect(truncated).not.toContain(secret.slice(0, 60));
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(attempt({ PLAYBACK_SIGNING_KEYS: `k1:${pemBase64(small, 'pkcs8')}` })).toMatch(/2048/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(attempt({ PLAYBACK_SIGNING_KEYS: `k1:${pemBase64(ec, 'pkcs8')}` })).toMatch(/RSA/);
    expect(attempt({ STREAM_HOST_URL: 'ftp://stream.example' })).toMatch(/STREAM_HOST_URL/);
  });
});
