/**
 * What the streaming routes depend on, one object tests replace through
 * PlatformDeps.streaming: the streaming configuration (./streamingConfig.ts), the playback token signer
 * (./playbackSigner.ts; null while PLAYBACK_SIGNING_KEYS is unset, and the session check then answers 503
 * streaming_unavailable) and the video catalogue (./streamCatalogue.ts).
 *
 * `lazyStreamingServices(make)` builds it on first use, so building the app never reads the
 * streaming environment (the local server sets the stand-ins' variables after importing the API).
 */
import { createVideoCatalogue, type VideoCatalogue } from './streamCatalogue.ts';
import { streamingConfigFromEnv, type StreamingConfig } from './streamingConfig.ts';
import { createPlaybackSigner, type PlaybackSigner } from './playbackSigner.ts';

/** The streaming feature's dependencies. */
export interface StreamingServices {
  config: StreamingConfig;
  /** Signs playback tokens; null when no signing key is configured. */
  signer: PlaybackSigner | null;
  catalogue: VideoCatalogue;
}

/**
 * Streaming services from an environment (default process.env) with the embedded catalogue;
 * `now` is the clock tokens are dated by.
 * @throws StreamingConfigError naming a bad variable
 */
export function streamingServicesFromEnv(env: Record<string, string | undefined> = process.env, now: () => Date = () => new Date()): StreamingServices {
  const config = streamingConfigFromEnv(env);
  return {
    config,
    signer: config.signingKeys.length > 0 ? createPlaybackSigner({ keys: config.signingKeys, lifetimeSeconds: config.lifetimeSeconds, now }) : null,
    catalogue: createVideoCatalogue(),
  };
}

/** A getter that makes the services on its first call and then reuses them (a failure is retried next call). */
export function lazyStreamingServices(make: () => StreamingServices): () => StreamingServices {
  let made: StreamingServices | undefined;
  return () => (made ??= make());
}
