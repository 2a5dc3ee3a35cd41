/**
 * The streaming feature's public surface: playback token signing and verification and
 * the streaming configuration. The session check, heartbeat and leases join here later.
 */
export {
  createPlaybackSigner,
  createPlaybackVerifier,
  PLAYBACK_CLOCK_TOLERANCE_SECONDS,
  PlaybackTokenError,
  readRsaKey,
  verifyKeysOf,
  type PlaybackSigner,
  type PlaybackSigningKey,
  type PlaybackTokenFailure,
  type PlaybackVerifier,
  type PlaybackVerifyKey,
} from './tokens.ts';
export { LOCAL_STREAM_PORT, streamingConfigFromEnv, StreamingConfigError, streamingEnvSchema, type StreamingConfig } from './config.ts';
export { ANONYMOUS_ACCOUNT, createPlaybackLeaseCheck, playableById, type PlaybackLeaseCheck, type PlaybackLeaseFailure } from './leaseCheck.ts';
