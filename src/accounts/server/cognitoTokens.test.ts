/**
 * Token verification of the accounts API (src/accounts/server/cognitoTokens.ts):
 * forged, expired, wrong-issuer, wrong-audience, wrong-client, wrong-use and `alg: none` tokens are
 * refused; genuine id and access tokens pass. A local key pair stands in for the pool's JWKS.
 */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, TokenError, VERIFIED_TOKEN_MEMORY_MS, type TokenVerifier } from './cognitoTokens';

const ISSUER = 'http://127.0.0.1:9229/local_Pool1';
const CLIENT = 'client123';
const NOW = new Date('2026-11-21T12:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

let privateKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: JWK;
let verifier: TokenVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  otherKey = (await generateKeyPair('RS256')).privateKey;
  verifier = createTokenVerifier({ issuer: ISSUER, clientId: CLIENT, keys: createLocalJWKSet({ keys: [publicJwk] }), now: () => NOW });
});

function sign(claims: Record<string, unknown>, options: { key?: CryptoKey; exp?: number; alg?: string } = {}) {
  return new SignJWT({ sub: 'sub-1', iss: ISSUER, iat: seconds(NOW) - 60, exp: options.exp ?? seconds(NOW) + 3600, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'k1' })
    .sign(options.key ?? privateKey);
}

const idClaims = { aud: CLIENT, token_use: 'id', email: 'fan@terrace.test' };
const accessClaims = { client_id: CLIENT, token_use: 'access' };

async function refusal(promise: Promise<unknown>): Promise<TokenError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenError);
  return error as TokenError;
}

describe('createTokenVerifier', () => {
  it("checks a token's signature once, then remembers it for its use, until its exp and for VERIFIED_TOKEN_MEMORY_MS at most", async () => {
    let now = NOW;
    let lookups = 0;
    const local = createLocalJWKSet({ keys: [publicJwk] });
    const counting: JWTVerifyGetKey = (...args) => {
      lookups += 1;
      return local(...args);
    };
    const remembering = createTokenVerifier({ issuer: ISSUER, clientId: CLIENT, keys: counting, now: () => now });
    const id = await sign(idClaims, { exp: seconds(NOW) + 3600 });
    expect((await remembering.verifyIdToken(id)).email).toBe('fan@terrace.test');
    expect((await remembering.verifyIdToken(id)).email).toBe('fan@terrace.test');
    expect(lookups).toBe(1);
    // Remembered as an id token only: as an access token it is checked, and refused.
    expect((await refusal(remembering.verifyAccessToken(id))).reason).toBe('invalid');
    expect(lookups).toBe(2);
    // The memory lasts VERIFIED_TOKEN_MEMORY_MS: then the signature is checked again.
    now = new Date(NOW.getTime() + VERIFIED_TOKEN_MEMORY_MS - 1000);
    await remembering.verifyIdToken(id);
    expect(lookups).toBe(2);
    now = new Date(NOW.getTime() + VERIFIED_TOKEN_MEMORY_MS);
    await remembering.verifyIdToken(id);
    expect(lookups).toBe(3);
    // A remembered token still expires on time (its exp, plus the 5 s tolerance).
    const shortLived = await sign(idClaims, { exp: seconds(now) + 60 });
    await remembering.verifyIdToken(shortLived);
    now = new Date(now.getTime() + 65_000);
    expect((await refusal(remembering.verifyIdToken(shortLived))).reason).toBe('expired');
    // A refused token is never remembered.
    const forged = await sign(idClaims, { key: otherKey, exp: seconds(now) + 3600 });
    await refusal(remembering.verifyIdToken(forged));
    await refusal(remembering.verifyIdToken(forged));
  });

  it('accepts a genuine id token and a genuine access token', async () => {
    expect((await verifier.verifyIdToken(await sign(idClaims))).email).toBe('fan@terrace.test');
    expect((await verifier.verifyAccessToken(await sign(accessClaims))).client_id).toBe(CLIENT);
  });

  it('refuses a token signed with another key (forged)', async () => {
    expect((await refusal(verifier.verifyIdToken(await sign(idClaims, { key: otherKey })))).reason).toBe('invalid');
  });

  it('refuses an expired token as expired, and a forged expired one as invalid', async () => {
    const expired = await sign(idClaims, { exp: seconds(NOW) - 60 });
    expect((await refusal(verifier.verifyIdToken(expired))).reason).toBe('expired');
    expect((await refusal(verifier.verifyIdToken(await sign(idClaims, { exp: seconds(NOW) - 60, key: otherKey })))).reason).toBe('invalid');
  });

  it('refuses a wrong issuer, a wrong audience and an access token of another client', async () => {
    expect((await refusal(verifier.verifyIdToken(await sign({ ...idClaims, iss: 'https://cognito-idp.eu-west-1.amazonaws.com/other' })))).reason).toBe(
      'invalid',
    );
    expect((await refusal(verifier.verifyIdToken(await sign({ ...idClaims, aud: 'another-client' })))).reason).toBe('invalid');
    expect((await refusal(verifier.verifyAccessToken(await sign({ ...accessClaims, client_id: 'another-client' })))).reason).toBe('invalid');
  });

  it('refuses a token of the wrong use (access as id, id as access, a refresh JWT without token_use)', async () => {
    await refusal(verifier.verifyIdToken(await sign({ ...accessClaims, aud: CLIENT })));
    await refusal(verifier.verifyAccessToken(await sign({ ...idClaims, client_id: CLIENT })));
    await refusal(verifier.verifyIdToken(await sign({ aud: CLIENT })));
  });

  it('refuses alg:none and HS256 signed with the public key', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'sub-1', iss: ISSUER, exp: seconds(NOW) + 3600, ...idClaims };
    await refusal(verifier.verifyIdToken(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`));
    const hmacKey = new TextEncoder().encode(JSON.stringify(publicJwk));
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(hmacKey);
    await refusal(verifier.verifyIdToken(hs));
  });

  it('refuses garbage and empty tokens', async () => {
    await refusal(verifier.verifyIdToken(''));
    await refusal(verifier.verifyIdToken('not.a.jwt'));
    await refusal(verifier.verifyAccessToken('x'.repeat(9000)));
  });
});
