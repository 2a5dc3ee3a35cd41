/**
 * Verification of Cognito's tokens, locally against the pool's cached JWKS (ARCHITECTURE "What we
 * promise": the hot paths never call Cognito). `createTokenVerifier({ issuer, clientId, keys? })`:
 * RS256 only, `iss`, `exp`/`iat`/`nbf` with 5 s tolerance, id tokens by `aud` + `token_use: 'id'`,
 * access tokens by `client_id` + `token_use: 'access'`. A verified token is remembered at most
 * VERIFIED_TOKEN_MEMORY_MS and never past its `exp` (VERIFIED_TOKEN_MEMORY_SIZE tokens).
 * Errors: `TokenError` reason 'expired' (the caller may refresh), 'unavailable' (JWKS unreachable:
 * answer 503, never "signed out") or 'invalid'.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Allowed clock difference between Cognito and us, in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 5;

/** Longest a verified token is remembered, in ms: jose's JWKS cache age (createRemoteJWKSet `cacheMaxAge`). */
export const VERIFIED_TOKEN_MEMORY_MS = 600_000;

/** Most verified tokens remembered at once (a few MB of token text). */
export const VERIFIED_TOKEN_MEMORY_SIZE = 10_000;

/** Why a token was refused. */
export type TokenFailure = 'expired' | 'invalid' | 'unavailable';

/** Whether a verification failure is the JWKS not reachable (network error, timeout, non-200), not the token. */
function keysUnreachable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout) return true;
  // fetch() rejects with a TypeError ('fetch failed') when the JWKS host refuses or resets.
  if (error instanceof TypeError) return true;
  return error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set HTTP response/.test(error.message);
}

/** A refused token. */
export class TokenError extends Error {
  readonly reason: TokenFailure;
  constructor(reason: TokenFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'TokenError';
    this.reason = reason;
  }
}

/** The claims of a verified id token that the platform reads. */
export interface IdClaims extends JWTPayload {
  sub: string;
  exp: number;
  email?: string;
  /** Cognito: a boolean; some federated mappings send the string 'true'. */
  email_verified?: boolean | string;
  /** Present (non-empty) for an account signed in through a federated provider. */
  identities?: unknown[];
  name?: string;
  token_use: 'id';
  nonce?: string;
  'cognito:username'?: string;
}

/** The claims of a verified access token that the platform reads. */
export interface AccessClaims extends JWTPayload {
  sub: string;
  exp: number;
  client_id: string;
  token_use: 'access';
  username?: string;
}

/** Verifies the pool's id and access tokens. Both reject with TokenError. */
export interface TokenVerifier {
  verifyIdToken(token: string): Promise<IdClaims>;
  verifyAccessToken(token: string): Promise<AccessClaims>;
}

/**
 * A verifier for the pool `issuer` and the app client(s) `clientId`. `keys` replaces the remote
 * JWKS (tests); `now` is the clock jose checks expiry against.
 */
export function createTokenVerifier(options: { issuer: string; clientId: string | string[]; keys?: JWTVerifyGetKey; now?: () => Date }): TokenVerifier {
  const clientIds = typeof options.clientId === 'string' ? [options.clientId] : options.clientId;
  const keys =
    options.keys ??
    createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`), {
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
      cacheMaxAge: VERIFIED_TOKEN_MEMORY_MS,
    });
  const remembered = new Map<string, { use: 'id' | 'access'; payload: JWTPayload; until: number }>();
  const verify = async (token: string, use: 'id' | 'access'): Promise<JWTPayload> => {
    if (typeof token !== 'string' || token.length === 0 || token.length > 8192) throw new TokenError('invalid', 'No token');
    const now = (options.now?.() ?? new Date()).getTime();
    const known = remembered.get(token);
    if (known && known.use === use && now < known.until) return known.payload;
    const payload = Object.freeze(await verifyNow(token, use));
    if (remembered.size >= VERIFIED_TOKEN_MEMORY_SIZE) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, { use, payload, until: Math.min(now + VERIFIED_TOKEN_MEMORY_MS, (Number(payload.exp) + CLOCK_TOLERANCE_SECONDS) * 1000) });
    return payload;
  };
  const verifyNow = async (token: string, use: 'id' | 'access'): Promise<JWTPayload> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        ...(use === 'id' ? { audience: clientIds } : {}),
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub', 'token_use'],
        ...(options.now ? { currentDate: options.now() } : {}),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('expired', 'The token has expired', { cause: error });
      if (keysUnreachable(error)) throw new TokenError('unavailable', 'The signing keys (JWKS) cannot be fetched', { cause: error });
      throw new TokenError('invalid', error instanceof Error ? error.message : 'The token is not valid', { cause: error });
    }
    if (payload.token_use !== use) throw new TokenError('invalid', `Not an ${use} token`);
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenError('invalid', 'The token has no subject');
    if (use === 'access' && !clientIds.includes(String(payload.client_id))) throw new TokenError('invalid', 'The token was issued to another client');
    return payload;
  };
  return {
    verifyIdToken: async (token) => (await verify(token, 'id')) as IdClaims,
    verifyAccessToken: async (token) => (await verify(token, 'access')) as AccessClaims,
  };
}
