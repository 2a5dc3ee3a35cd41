/**
 * The streaming configuration, parsed once with zod from the environment: playback signing and
 * verify keys (`kid:key`, newest first: the first signs, all verify), token lifetime, stream host and
 * licence URLs, key systems, FairPlay certificate URL, the concurrency limit and allowed countries.
 * Each variable, its default and Mux's values: docs/configuration.md; key rotation without
 * interrupting playback: docs/streams-local.md "Keys and rotation".
 * Errors: a bad variable throws naming it.
 */
import { z } from 'zod';
import {
  LICENCE_KEY_SYSTEMS,
  PLAYBACK_TOKEN_LIFETIME_SECONDS,
  PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS,
  PLAYBACK_TOKEN_MIN_LIFETIME_SECONDS,
  type LicenceKeySystem,
} from '../rules/playbackToken.ts';
import { STREAM_CONCURRENCY_DEFAULT } from '../rules/streamAccess.ts';
import { KEY_ID_PATTERN, readRsaKey, verifyKeysOf, type PlaybackSigningKey, type PlaybackVerifyKey } from './playbackSigner.ts';

/** The local stream host's default port (scripts/local/streams/host.mjs; LOCAL_STREAM_PORT). */
export const LOCAL_STREAM_PORT = 9231;

const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** `kid:key, kid:key` → [{ kid, key }] (key still as text). */
const keyList = z.string().transform((value, context) => {
  const entries: { kid: string; key: string }[] = [];
  for (const part of value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')) {
    const colon = part.indexOf(':');
    const kid = colon > 0 ? part.slice(0, colon) : '';
    if (!KEY_ID_PATTERN.test(kid) || colon === part.length - 1) {
      context.addIssue({ code: 'custom', message: 'each entry must be kid:base64-of-PEM (kid: letters, digits, _ or -)' });
      return z.NEVER;
    }
    entries.push({ kid, key: part.slice(colon + 1) });
  }
  return entries;
});

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

/** The streaming variables' schema (strings in, typed values out). */
export const streamingEnvSchema = z.object({
  PLAYBACK_SIGNING_KEYS: z.preprocess(blankIsUnset, keyList.optional()),
  PLAYBACK_VERIFY_KEYS: z.preprocess(blankIsUnset, keyList.optional()),
  PLAYBACK_TOKEN_TTL_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(PLAYBACK_TOKEN_MIN_LIFETIME_SECONDS).max(PLAYBACK_TOKEN_MAX_LIFETIME_SECONDS).default(PLAYBACK_TOKEN_LIFETIME_SECONDS),
  ),
  STREAM_HOST_URL: z.preprocess(blankIsUnset, httpUrl.default(`http://127.0.0.1:${LOCAL_STREAM_PORT}`)),
  STREAM_LICENCE_URL: z.preprocess(blankIsUnset, httpUrl.optional()),
  STREAM_KEY_SYSTEMS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default('clearkey')
      .transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((item) => item.trim().toLowerCase())
            .filter((item) => item !== ''),
        ),
      ])
      .pipe(z.array(z.enum(LICENCE_KEY_SYSTEMS)).min(1)),
  ),
  STREAM_FAIRPLAY_CERTIFICATE_URL: z.preprocess(blankIsUnset, httpUrl.optional()),
  STREAM_CONCURRENCY_LIMIT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(100).default(STREAM_CONCURRENCY_DEFAULT)),
  STREAM_ALLOWED_COUNTRIES: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim().toUpperCase())
          .filter((item) => item !== ''),
      )
      .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'must be ISO 3166-1 alpha-2 codes such as GB,IE')))
      .optional(),
  ),
});

/** The parsed streaming configuration. */
export interface StreamingConfig {
  /** Newest first; the first signs. Empty when PLAYBACK_SIGNING_KEYS is unset. */
  signingKeys: PlaybackSigningKey[];
  /** The signing keys' public halves, then PLAYBACK_VERIFY_KEYS. */
  verifyKeys: PlaybackVerifyKey[];
  lifetimeSeconds: number;
  hostUrl: string;
  licenceUrl: string;
  /** Key systems a DRM stream gets licence URLs for. */
  keySystems: LicenceKeySystem[];
  /** FairPlay certificate base URL, when configured. */
  fairplayCertificateUrl: string | undefined;
  /** Video screens per account. */
  concurrencyLimit: number;
  /** Countries allowed for streams naming none; null = everywhere. */
  allowedCountries: string[] | null;
}

/** Thrown for a bad streaming environment; the message names the variable, never a key. */
export class StreamingConfigError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'StreamingConfigError';
  }
}

/**
 * Reads the streaming configuration from `env` (default process.env).
 * @throws StreamingConfigError naming the offending variable
 */
export function streamingConfigFromEnv(env: Record<string, string | undefined> = process.env): StreamingConfig {
  const parsed = streamingEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '(environment)')}: ${issue.message}`);
    throw new StreamingConfigError(`Invalid streaming environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const read = <T>(name: string, kid: string, make: () => T): T => {
    try {
      return make();
    } catch (error) {
      throw new StreamingConfigError(`${name}: key ${kid}: ${error instanceof Error ? error.message : 'unreadable'}`, { cause: error });
    }
  };
  const signingKeys = (values.PLAYBACK_SIGNING_KEYS ?? []).map(({ kid, key }) => ({
    kid,
    privateKey: read('PLAYBACK_SIGNING_KEYS', kid, () => readRsaKey(key, 'private')),
  }));
  const extraKeys = (values.PLAYBACK_VERIFY_KEYS ?? []).map(({ kid, key }) => ({
    kid,
    publicKey: read('PLAYBACK_VERIFY_KEYS', kid, () => readRsaKey(key, 'public')),
  }));
  const verifyKeys = [...verifyKeysOf(signingKeys), ...extraKeys.filter((extra) => !signingKeys.some((key) => key.kid === extra.kid))];
  return {
    signingKeys,
    verifyKeys,
    lifetimeSeconds: values.PLAYBACK_TOKEN_TTL_SECONDS,
    hostUrl: values.STREAM_HOST_URL,
    licenceUrl: values.STREAM_LICENCE_URL ?? `${values.STREAM_HOST_URL}/license`,
    keySystems: values.STREAM_KEY_SYSTEMS,
    fairplayCertificateUrl: values.STREAM_FAIRPLAY_CERTIFICATE_URL,
    concurrencyLimit: values.STREAM_CONCURRENCY_LIMIT,
    allowedCountries: values.STREAM_ALLOWED_COUNTRIES && values.STREAM_ALLOWED_COUNTRIES.length > 0 ? values.STREAM_ALLOWED_COUNTRIES : null,
  };
}
