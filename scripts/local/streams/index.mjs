// @ts-check
/**
 * The local streams as one stand-in (docs/streams-local.md): signing keys (./keys.mjs), the demo
 * streams (./generate.mjs) and the host serving them (./host.mjs).
 * `startLocalStreams({ stateDir, streamsDir, port, allowedOrigins, leaseCheck, quiet })` →
 * { env: { PLAYBACK_SIGNING_KEYS, STREAM_HOST_URL, STREAM_LICENCE_URL }, url, host, dir, problem,
 * stop() }. Never throws when the host cannot run: `problem` says why and what to run, `env` is
 * empty (the session check then answers 503 streaming_unavailable) and the rest undefined.
 */
import { defaultSiteOrigins } from '../cognito.mjs';
import { streamingConfigFromEnv, LOCAL_STREAM_PORT } from '../../../src/streaming/server/streamingConfig.ts';
import { createPlaybackVerifier } from '../../../src/streaming/server/playbackSigner.ts';
import { generateStreams } from './generate.mjs';
import { startStreamHost } from './host.mjs';
import { ensurePlaybackKeys } from './keys.mjs';

/**
 * @typedef {object} LocalStreams
 * @property {Record<string, string>} env
 * @property {string | undefined} url the host's URL, when it runs
 * @property {import('./host.mjs').StreamHost | undefined} host
 * @property {string | undefined} dir the generated streams' folder
 * @property {StreamHostProblem | undefined} problem why the host is not running, when it is not
 * @property {() => Promise<void>} stop
 */

/**
 * Why the local stream host is not running, and what to do about it (one sentence each).
 * @typedef {object} StreamHostProblem
 * @property {string} reason
 * @property {string} remedy
 */

/** LOCAL_STREAM_HOST's value that starts no stream host. */
export const STREAM_HOST_OFF = 'off';

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
 * What a failed generation means for the start-up notice: ffmpeg's own hint when it is missing,
 * else the error's first line and the command that shows all of it.
 * @param {unknown} error
 * @returns {StreamHostProblem}
 */
export function generationProblem(error) {
  const message = error instanceof Error ? error.message : String(error);
  const [first = message] = message.split('\n');
  if (/^ffmpeg not found/.test(first)) {
    const [reason, remedy = ''] = first.split(/:\s*(.*)/s);
    return { reason: reason ?? first, remedy: `${remedy.charAt(0).toUpperCase()}${remedy.slice(1)}, then restart.` };
  }
  return {
    reason: `the demo streams could not be generated (${first.trim()})`,
    remedy: 'Run `npm run streams:generate` to see the whole error, then restart.',
  };
}

/**
 * @param {StreamHostProblem} problem
 * @param {boolean | undefined} quiet
 * @returns {LocalStreams}
 */
function withoutHost(problem, quiet) {
  if (!quiet) process.stderr.write(`[streams] the local stream host is not started: ${problem.reason}. ${problem.remedy}\n`);
  return { env: {}, url: undefined, host: undefined, dir: undefined, problem, stop: async () => {} };
}

/**
 * Starts the local stream host (see the file header); never rejects for a missing part.
 * @param {{ stateDir?: string, streamsDir?: string, port?: number, allowedOrigins?: string[], quiet?: boolean,
 *   leaseCheck?: import('../../../src/streaming/server/leaseCheck.ts').PlaybackLeaseCheck }} [options]
 * @returns {Promise<LocalStreams>}
 */
export async function startLocalStreams(options = {}) {
  if (process.env.LOCAL_STREAM_HOST?.trim() === STREAM_HOST_OFF) {
    return withoutHost({ reason: 'it is turned off (LOCAL_STREAM_HOST=off)', remedy: 'Unset LOCAL_STREAM_HOST to serve the demo streams.' }, options.quiet);
  }
  const keys = await ensurePlaybackKeys({ stateDir: options.stateDir });
  const config = streamingConfigFromEnv(keys.env);
  const verifier = createPlaybackVerifier({ keys: config.verifyKeys });
  let generated;
  try {
    generated = await generateStreams({ root: options.streamsDir, quiet: options.quiet });
  } catch (error) {
    return withoutHost(generationProblem(error), options.quiet);
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
      faults: process.env.LOCAL_STREAM_FAULTS === '1',
    });
  let host;
  try {
    host = await start(explicit ?? LOCAL_STREAM_PORT);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE') throw error;
    if (explicit !== undefined) {
      return withoutHost(
        {
          reason: `port ${explicit} (LOCAL_STREAM_PORT) is taken`,
          remedy: 'Stop what holds it, or unset LOCAL_STREAM_PORT to take a free port, then restart.',
        },
        options.quiet,
      );
    }
    host = await start(0);
  }
  return {
    env: { ...keys.env, STREAM_HOST_URL: host.url, STREAM_LICENCE_URL: `${host.url}/license` },
    url: host.url,
    host,
    dir: generated.dir,
    problem: undefined,
    stop: host.stop,
  };
}
