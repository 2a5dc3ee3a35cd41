// @ts-check
/**
 * The local streams as one stand-in of the stack (scripts/local/stack.mjs; issue 13 items 3 and 6):
 * the playback signing keys (./keys.mjs), the generated demo streams (./generate.mjs, made once and
 * cached) and the stream host serving them (./host.mjs) with the verifier of
 * src/platform/streaming/tokens.ts over those keys.
 *
 * `startLocalStreams(options)` → { env, url, host, dir, stop() }:
 * - env: PLAYBACK_SIGNING_KEYS (the local keys), STREAM_HOST_URL and STREAM_LICENCE_URL (this
 *   host), for the platform API that signs the tokens;
 * - when the streams cannot be generated (no ffmpeg), it says so on stderr and starts no host: the
 *   site and the token signing still work, playback does not (`host` and `url` undefined).
 * Options: stateDir (the keys' folder; default LOCAL_STATE_DIR or .terrace), streamsDir (where
 * streams are cached; default `<LOCAL_STATE_DIR or .terrace>/streams` whatever stateDir is, so test
 * stacks in temporary folders share one generation), port (default LOCAL_STREAM_PORT, else 9231 or any
 * free port when 9231 is taken; 0 = a free port), allowedOrigins (CORS; default the site's
 * origins, scripts/local/cognito.mjs defaultSiteOrigins), leaseCheck (the platform's lease check,
 * src/platform/streaming/leaseCheck.ts: the host then refuses a released or expired lease's token;
 * scripts/local/platform.mjs passes it), quiet. LOCAL_STREAM_FAULTS=1 turns on the host's
 * fault-injection control (tests only; ./host.mjs).
 */
import { defaultSiteOrigins } from '../cognito.mjs';
import { streamingConfigFromEnv, LOCAL_STREAM_PORT } from '../../../src/platform/streaming/config.ts';
import { createPlaybackVerifier } from '../../../src/platform/streaming/tokens.ts';
import { generateStreams } from './generate.mjs';
import { startStreamHost } from './host.mjs';
import { ensurePlaybackKeys } from './keys.mjs';

/**
 * @typedef {object} LocalStreams
 * @property {Record<string, string>} env
 * @property {string | undefined} url the host's URL, when it runs
 * @property {import('./host.mjs').StreamHost | undefined} host
 * @property {string | undefined} dir the generated streams' folder
 * @property {() => Promise<void>} stop
 */

/**
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
function portFromEnv(value) {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`LOCAL_STREAM_PORT must be a port number 0-65535 (got "${value}")`);
  return port;
}

/**
 * @param {{ stateDir?: string, streamsDir?: string, port?: number, allowedOrigins?: string[], quiet?: boolean,
 *   leaseCheck?: import('../../../src/platform/streaming/leaseCheck.ts').PlaybackLeaseCheck }} [options]
 * @returns {Promise<LocalStreams>}
 */
export async function startLocalStreams(options = {}) {
  const keys = await ensurePlaybackKeys({ stateDir: options.stateDir });
  const config = streamingConfigFromEnv(keys.env);
  const verifier = createPlaybackVerifier({ keys: config.verifyKeys });
  let generated;
  try {
    generated = await generateStreams({ root: options.streamsDir, quiet: options.quiet });
  } catch (error) {
    process.stderr.write(`[streams] the local stream host is not started: ${error instanceof Error ? error.message : String(error)}\n`);
    return { env: keys.env, url: undefined, host: undefined, dir: undefined, stop: async () => {} };
  }
  const explicit = options.port ?? portFromEnv(process.env.LOCAL_STREAM_PORT);
  const start = (/** @type {number} */ port) =>
    startStreamHost({
      dir: generated.dir,
      verifier,
      port,
      allowedOrigins: options.allowedOrigins ?? defaultSiteOrigins(),
      quiet: options.quiet,
      leaseCheck: options.leaseCheck,
      // Tests only: the fault-injection control of host.mjs (docs/streams-local.md "Faults").
      faults: process.env.LOCAL_STREAM_FAULTS === '1',
    });
  let host;
  try {
    host = await start(explicit ?? LOCAL_STREAM_PORT);
  } catch (error) {
    if (explicit !== undefined || /** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE') throw error;
    host = await start(0);
  }
  return {
    env: { ...keys.env, STREAM_HOST_URL: host.url, STREAM_LICENCE_URL: `${host.url}/license` },
    url: host.url,
    host,
    dir: generated.dir,
    stop: host.stop,
  };
}
