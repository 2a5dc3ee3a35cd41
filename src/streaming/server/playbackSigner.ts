/**
 * Playback tokens: signing for the session check, verification for a stream host (the local one,
 * scripts/local/streams/host.mjs, and a production edge). Mux-shaped RS256 JWTs (claims:
 * src/streaming/rules/playbackToken.ts), signed by the first key of ./streamingConfig.ts, verified by
 * any key by `kid`; a signer may hand out its last token for the same grant while `reuseIfValidFor`
 * seconds remain (REUSED_TOKENS_KEPT grants).
 * Errors: PlaybackTokenError with a reason — no or unknown `kid`, an algorithm but RS256, a bad
 * signature, expired (5 s tolerance), or claims refused by checkPlaybackClaims.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import {
  checkPlaybackClaims,
  playbackClaims,
  PLAYBACK_TOKEN_LIFETIME_SECONDS,
  type PlaybackClaims,
  type PlaybackClaimsFailure,
  type PlaybackExpectation,
  type PlaybackGrant,
} from '../rules/playbackToken.ts';

/** Allowed clock difference between the signer and the verifier, in seconds. */
export const PLAYBACK_CLOCK_TOLERANCE_SECONDS = 5;

/** Longest token string looked at; longer ones are refused unread. */
const MAX_TOKEN_LENGTH = 4096;

/** Most grants whose last token a signer remembers for reuse (oldest dropped first). */
export const REUSED_TOKENS_KEPT = 10_000;

/** A key id: what Mux's signing-key ids and ours look like. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** An RSA private key that signs playback tokens, with its key id. */
export interface PlaybackSigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** An RSA public key that verifies playback tokens, with its key id. */
export interface PlaybackVerifyKey {
  kid: string;
  publicKey: KeyObject;
}

/** Why a token was refused: the claims rule's reasons, plus the token's own. */
export type PlaybackTokenFailure = PlaybackClaimsFailure | 'missing' | 'expired' | 'unknown-key' | 'bad-signature' | 'bad-algorithm';

/** A refused playback token. `reason` says why; messages never echo the token. */
export class PlaybackTokenError extends Error {
  readonly reason: PlaybackTokenFailure;
  constructor(reason: PlaybackTokenFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'PlaybackTokenError';
    this.reason = reason;
  }
}

/**
 * Reads a PEM key given as base64 of the PEM text (how Mux hands out its private keys and how
 * PLAYBACK_SIGNING_KEYS carries them) or as the PEM text itself. PKCS#1 and PKCS#8 private keys
 * and SPKI public keys are accepted; they must be RSA of at least 2048 bits.
 * @throws Error when the text is not such a key (the message never contains the key)
 */
export function readRsaKey(text: string, kind: 'private' | 'public'): KeyObject {
  const trimmed = text.trim();
  const pem = trimmed.startsWith('-----BEGIN') ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8').trim();
  if (!pem.startsWith('-----BEGIN')) throw new Error(`The ${kind} key is neither PEM nor base64 of PEM`);
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (error) {
    throw new Error(`The ${kind} key could not be read`, { cause: error });
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 2048) throw new Error(`The ${kind} key must be RSA of at least 2048 bits`);
  return key;
}

/** The verifying halves of signing keys, in the same order. */
export function verifyKeysOf(keys: readonly PlaybackSigningKey[]): PlaybackVerifyKey[] {
  return keys.map((key) => ({ kid: key.kid, publicKey: createPublicKey(key.privateKey) }));
}

/** A signed playback token with its expiry and claims. */
export interface SignedPlaybackToken {
  token: string;
  expiresAt: Date;
  claims: PlaybackClaims;
}

/** Signs playback tokens with the newest key. */
export interface PlaybackSigner {
  /** The key id that signs (the first key). */
  readonly kid: string;
  /** Lifetime of each token, in seconds. */
  readonly lifetimeSeconds: number;
  /**
   * A token for `grant`, RS256 with the signing key's `kid` in its header, and its expiry. With
   * `reuseIfValidFor` (seconds), the token this signer last made for the same grant when it is
   * still valid that long, else a new one.
   * @throws RangeError when the grant is not valid (see playbackClaims)
   */
  sign(grant: PlaybackGrant, options?: { reuseIfValidFor?: number }): Promise<SignedPlaybackToken>;
}

/**
 * A signer over `keys` (newest first; the first signs) issuing tokens that live `lifetimeSeconds`
 * (default PLAYBACK_TOKEN_LIFETIME_SECONDS). `now` is the clock (tests).
 * @throws Error when there is no key
 */
export function createPlaybackSigner(options: { keys: readonly PlaybackSigningKey[]; lifetimeSeconds?: number; now?: () => Date }): PlaybackSigner {
  const signing = options.keys[0];
  if (!signing) throw new Error('No playback signing key is configured (PLAYBACK_SIGNING_KEYS)');
  const lifetimeSeconds = options.lifetimeSeconds ?? PLAYBACK_TOKEN_LIFETIME_SECONDS;
  const now = options.now ?? (() => new Date());
  const last = new Map<string, SignedPlaybackToken>();
  return {
    kid: signing.kid,
    lifetimeSeconds,
    async sign(grant, signOptions = {}) {
      const key = [grant.audience, grant.playbackId, grant.accountId, grant.leaseId, grant.assetId].join('\n');
      const issuedAt = now().getTime() / 1000;
      const reuse = signOptions.reuseIfValidFor;
      const previous = reuse === undefined ? undefined : last.get(key);
      if (previous && reuse !== undefined && previous.claims.exp - issuedAt >= reuse) return previous;
      const claims = playbackClaims(grant, issuedAt, lifetimeSeconds);
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: signing.kid }).sign(signing.privateKey);
      const signed = { token, expiresAt: new Date(claims.exp * 1000), claims };
      if (reuse !== undefined) {
        last.delete(key);
        if (last.size >= REUSED_TOKENS_KEPT) last.delete(last.keys().next().value!);
        last.set(key, signed);
      }
      return signed;
    },
  };
}

/** Verifies playback tokens against every configured key. */
export interface PlaybackVerifier {
  /** The key ids accepted. */
  readonly kids: readonly string[];
  /**
   * The token's claims when it grants `expected` (playback ID and use, and any bound ids given).
   * @throws PlaybackTokenError
   */
  verify(token: string | null | undefined, expected: PlaybackExpectation): Promise<PlaybackClaims>;
}

/**
 * A verifier accepting tokens signed by any of `keys` (looked up by the `kid` header), RS256 only.
 * `now` is the clock expiry is checked against (tests).
 * @throws Error when there is no key or two keys share a kid
 */
export function createPlaybackVerifier(options: { keys: readonly PlaybackVerifyKey[]; now?: () => Date }): PlaybackVerifier {
  const byKid = new Map<string, KeyObject>();
  for (const key of options.keys) {
    if (byKid.has(key.kid)) throw new Error(`Two playback keys share the key id ${key.kid}`);
    byKid.set(key.kid, key.publicKey);
  }
  if (byKid.size === 0) throw new Error('No playback verification key is configured');
  const keyFor = (header: JWTHeaderParameters): KeyObject => {
    const key = typeof header.kid === 'string' ? byKid.get(header.kid) : undefined;
    if (!key) throw new PlaybackTokenError('unknown-key', 'The token names no known signing key');
    return key;
  };
  return {
    kids: [...byKid.keys()],
    async verify(token, expected) {
      if (typeof token !== 'string' || token === '') throw new PlaybackTokenError('missing', 'No playback token');
      if (token.length > MAX_TOKEN_LENGTH) throw new PlaybackTokenError('malformed', 'The playback token is too long');
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, keyFor, {
          algorithms: ['RS256'],
          clockTolerance: PLAYBACK_CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp'],
          ...(options.now ? { currentDate: options.now() } : {}),
        }));
      } catch (error) {
        if (error instanceof PlaybackTokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new PlaybackTokenError('expired', 'The playback token has expired', { cause: error });
        if (error instanceof errors.JWSSignatureVerificationFailed) {
          throw new PlaybackTokenError('bad-signature', 'The playback token signature is not valid', { cause: error });
        }
        if (error instanceof errors.JOSEAlgNotAllowed) throw new PlaybackTokenError('bad-algorithm', 'The playback token is not RS256', { cause: error });
        throw new PlaybackTokenError('malformed', 'The playback token is not valid', { cause: error });
      }
      const check = checkPlaybackClaims(payload, expected);
      if (!check.ok) throw new PlaybackTokenError(check.reason, `The playback token does not grant this (${check.reason})`);
      return check.claims;
    },
  };
}
