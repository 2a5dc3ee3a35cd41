// @ts-check
/**
 * Generates the local demo streams once (ARCHITECTURE "Video"; docs/streams-local.md): ffmpeg
 * (./ffmpeg.mjs) encodes the sources, shaka-packager packages one CMAF HLS folder per playback ID
 * of ./catalogue.mjs (the ClearKey ones CENC-encrypted with a fresh key), then `manifest.json` is
 * written last, so its presence means complete.
 * `generateStreams({ stateDir, quiet })` → { dir, manifest, generated, ms }; output in
 * `<stateDir>/streams/<version>/`, `<version>` a hash of this generator and the catalogue (a second
 * run returns at once). One process generates at a time (lock folder `.generating`).
 * @throws Error when no ffmpeg can be found or a tool fails
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_STREAMS, LIVE_WINDOW_SEGMENTS, LOOP_SECONDS, SEGMENT_SECONDS } from './catalogue.mjs';
import { resolveFfmpeg } from './ffmpeg.mjs';
import { attribute, parseMediaPlaylist } from './playlist.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROJECT_ROOT = path.resolve(HERE, '../../..');

/** Frames per second of the video renditions. */
const FPS = 25;
/** Seconds between caption cues. */
const CAPTION_SECONDS = 3;

/**
 * @typedef {object} GeneratedStream
 * @property {string} title
 * @property {'vod' | 'live'} kind
 * @property {string} master master playlist file, relative to the stream's folder
 * @property {string[]} playlists media playlist files, relative to the stream's folder
 * @property {{ keyId: string, key: string } | null} clearKey hex key id and key, for ClearKey streams
 */

/**
 * @typedef {object} StreamsManifest
 * @property {string} version
 * @property {string} generatedAt
 * @property {number} segmentSeconds
 * @property {number} loopSeconds
 * @property {number} liveWindowSegments
 * @property {Record<string, GeneratedStream>} streams by playback ID
 */

/** The folder under which versions are generated. @param {string | undefined} stateDir */
export function streamsRoot(stateDir) {
  return path.join(path.resolve(stateDir ?? (process.env.LOCAL_STATE_DIR || path.join(PROJECT_ROOT, '.terrace'))), 'streams');
}

/** A hash of what decides the output: this generator and the catalogue. */
export async function streamsVersion() {
  const hash = createHash('sha256');
  for (const file of ['generate.mjs', 'catalogue.mjs']) hash.update(await readFile(path.join(HERE, file)));
  return hash.digest('hex').slice(0, 12);
}

/** The shaka-packager binary the npm package ships for this platform. */
export function packagerBinary() {
  const names = /** @type {Record<string, Record<string, string>>} */ ({
    linux: { x64: 'packager-linux-x64', arm64: 'packager-linux-arm64' },
    darwin: { x64: 'packager-osx-x64', arm64: 'packager-osx-arm64' },
    win32: { x64: 'packager-win-x64.exe' },
  });
  const name = names[process.platform]?.[process.arch];
  if (!name) throw new Error(`shaka-packager has no binary for ${process.platform}/${process.arch}`);
  const packageJson = createRequire(import.meta.url).resolve('shaka-packager/package.json');
  return path.join(path.dirname(packageJson), 'bin', name);
}

/**
 * Runs a tool; rejects with its last output when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, missing?: string }} options
 * @returns {Promise<void>}
 */
function run(command, args, { cwd, missing }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', (error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      reject(code === 'ENOENT' && missing ? new Error(missing, { cause: error }) : error);
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** WebVTT captions covering the loop, a cue every CAPTION_SECONDS. */
function captionsVtt() {
  const stamp = (/** @type {number} */ seconds) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;
  const count = Math.ceil(LOOP_SECONDS / CAPTION_SECONDS);
  const cues = [];
  for (let index = 0; index < count; index += 1) {
    const start = index * CAPTION_SECONDS;
    const end = Math.min(LOOP_SECONDS, start + CAPTION_SECONDS);
    cues.push(`${stamp(start)} --> ${stamp(end)}\nCaption ${index + 1} of ${count}: generated demo caption, ${start} to ${end} seconds.`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Encodes the sources into `dir`: v360.mp4, v240.mp4, audio.mp4, captions.vtt.
 * @param {string} dir
 */
async function encodeSources(dir) {
  const gop = String(FPS * SEGMENT_SECONDS);
  const video = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-bf', '0', '-an'];
  await run(
    resolveFfmpeg().path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}:duration=${LOOP_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:beep_factor=4:sample_rate=48000:duration=${LOOP_SECONDS}`],
      ...['-filter_complex', '[0:v]split=2[hi][lo0];[lo0]scale=426:240[lo]'],
      ...['-map', '[hi]', ...video, '-b:v', '600k', '-maxrate', '700k', '-bufsize', '1200k', 'v360.mp4'],
      ...['-map', '[lo]', ...video, '-b:v', '300k', '-maxrate', '350k', '-bufsize', '600k', 'v240.mp4'],
      ...['-map', '1:a', '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-vn', 'audio.mp4'],
    ],
    { cwd: dir, missing: 'ffmpeg not found: run `npm install` (it installs @ffmpeg-installer/ffmpeg) or set FFMPEG_PATH' },
  );
  await writeFile(path.join(dir, 'captions.vtt'), captionsVtt());
}

/**
 * Packages one demo stream into `dir` from the sources in `sources`.
 * @param {import('./catalogue.mjs').DemoStream} stream
 * @param {string} sources
 * @param {string} dir
 * @returns {Promise<GeneratedStream>}
 */
async function packageStream(stream, sources, dir) {
  await mkdir(dir, { recursive: true });
  const media = (/** @type {string} */ name, /** @type {string} */ type, /** @type {string} */ extra = '') =>
    `in=${path.join(sources, type === 'text' ? 'captions.vtt' : `${name}.mp4`)},stream=${type},` +
    (type === 'text' ? '' : `init_segment=${name}/init.mp4,`) +
    `segment_template=${name}/$Number$.${type === 'text' ? 'vtt' : 'm4s'},playlist_name=${name}.m3u8${extra}`;
  const args = [];
  if (stream.video) args.push(media('v360', 'video'), media('v240', 'video'));
  args.push(media('audio', 'audio', ',hls_group_id=audio,hls_name=English,language=en'));
  if (stream.captions) args.push(media('captions', 'text', ',hls_group_id=subs,hls_name=English,language=en'));
  /** @type {GeneratedStream['clearKey']} */
  let clearKey = null;
  if (stream.clearKey) {
    clearKey = { keyId: randomBytes(16).toString('hex'), key: randomBytes(16).toString('hex') };
    args.push(
      '--enable_raw_key_encryption',
      '--keys',
      `label=:key_id=${clearKey.keyId}:key=${clearKey.key}`,
      ...['--protection_scheme', 'cenc', '--protection_systems', 'CommonSystem', '--clear_lead', '0'],
    );
  }
  args.push('--segment_duration', String(SEGMENT_SECONDS), '--hls_master_playlist_output', 'master.m3u8', '--hls_playlist_type', 'VOD');
  await run(packagerBinary(), args, { cwd: dir });
  if (clearKey) await dropIdentityKeyTags(dir);

  const master = await readFile(path.join(dir, 'master.m3u8'), 'utf8');
  const playlists = [
    ...new Set([
      ...master
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('#'))
        .map((line) => line.trim()),
      ...master
        .split('\n')
        .map((line) => (line.startsWith('#EXT-X-MEDIA:') ? attribute(line, 'URI') : undefined))
        .filter((uri) => uri !== undefined),
    ]),
  ];
  const expected = LOOP_SECONDS / SEGMENT_SECONDS;
  for (const file of playlists) {
    const playlist = parseMediaPlaylist(await readFile(path.join(dir, file), 'utf8'));
    const total = playlist.segments.reduce((sum, segment) => sum + segment.duration, 0);
    if (playlist.segments.length !== expected || Math.abs(total - LOOP_SECONDS) > 0.1) {
      throw new Error(`${stream.playbackId}/${file}: ${playlist.segments.length} segments, ${total.toFixed(3)} s (expected ${expected}, ${LOOP_SECONDS} s)`);
    }
  }
  return { title: stream.title, kind: stream.kind, master: 'master.m3u8', playlists, clearKey };
}

/**
 * Drops shaka-packager's `identity` EXT-X-KEY tags from the ClearKey stream's playlists: the
 * encryption stays signalled in the initialisation segments, and the player asks its configured
 * licence server (docs/streams-local.md "Playing them" says why).
 * @param {string} dir
 */
async function dropIdentityKeyTags(dir) {
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.m3u8') || file === 'master.m3u8') continue;
    const text = await readFile(path.join(dir, file), 'utf8');
    const lines = text.split('\n');
    const keyLines = lines.filter((line) => line.startsWith('#EXT-X-KEY:'));
    if (keyLines.length !== 1 || !keyLines[0]?.includes('KEYFORMAT="identity"'))
      throw new Error(`${file}: expected one identity #EXT-X-KEY from shaka-packager`);
    await writeFile(path.join(dir, file), lines.filter((line) => !line.startsWith('#EXT-X-KEY:')).join('\n'));
  }
}

/** @param {string} file */
async function exists(file) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Generates the demo streams unless this version already exists.
 * @param {{ stateDir?: string, root?: string, quiet?: boolean }} [options] root: the streams folder
 *   itself (default `<stateDir>/streams`)
 * @returns {Promise<{ dir: string, manifest: StreamsManifest, generated: boolean, ms: number }>}
 */
export async function generateStreams(options = {}) {
  const started = performance.now();
  const log = (/** @type {string} */ line) => {
    if (!options.quiet) process.stdout.write(`[streams] ${line}\n`);
  };
  const root = options.root ? path.resolve(options.root) : streamsRoot(options.stateDir);
  const version = await streamsVersion();
  const dir = path.join(root, version);
  const manifestFile = path.join(dir, 'manifest.json');
  const cached = async () => ({ dir, manifest: JSON.parse(await readFile(manifestFile, 'utf8')), generated: false, ms: performance.now() - started });
  if (await exists(manifestFile)) return cached();

  // One generation at a time (test workers and servers may start together): the others wait for it.
  await mkdir(root, { recursive: true });
  const lock = path.join(root, '.generating');
  /** @type {(() => Promise<void>) | undefined} */
  let release;
  for (let waited = false; ; waited = true) {
    if (await exists(manifestFile)) return cached();
    release = await tryLock(lock);
    if (release) break;
    if (!waited) log('waiting for another process generating the demo streams …');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    if (await exists(manifestFile)) return await cached();
    return await generateLocked({ root, dir, version, started, log });
  } finally {
    await release?.();
  }
}

/** A lock held longer than this is taken as abandoned, in milliseconds. */
const LOCK_STALE_MS = 10 * 60_000;

/**
 * Takes the lock folder, or answers undefined when a live process holds it. An abandoned lock (its
 * process gone, or older than LOCK_STALE_MS) is broken.
 * @param {string} lock
 * @returns {Promise<(() => Promise<void>) | undefined>}
 */
async function tryLock(lock) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      return () => rm(lock, { recursive: true, force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    let abandoned = false;
    try {
      const info = await stat(lock);
      const pid = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
      const age = Date.now() - info.mtimeMs;
      if (age > LOCK_STALE_MS) abandoned = true;
      else if (pid > 0) {
        try {
          process.kill(pid, 0);
        } catch (error) {
          abandoned = /** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH';
        }
      } else abandoned = age > 10_000;
    } catch {
      continue; // released meanwhile: try again
    }
    if (!abandoned) return undefined;
    await rm(lock, { recursive: true, force: true });
  }
  return undefined;
}

/**
 * The generation itself, under the lock.
 * @param {{ root: string, dir: string, version: string, started: number, log: (line: string) => void }} context
 * @returns {Promise<{ dir: string, manifest: StreamsManifest, generated: boolean, ms: number }>}
 */
async function generateLocked({ root, dir, version, started, log }) {
  const manifestFile = path.join(dir, 'manifest.json');
  for (const entry of await readdir(root)) {
    if (entry.startsWith('.tmp-')) await rm(path.join(root, entry), { recursive: true, force: true }); // left by a killed run
  }
  log(`generating the demo streams (version ${version}) with ffmpeg and shaka-packager …`);
  const work = path.join(root, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const sources = path.join(work, '.sources');
  await mkdir(sources, { recursive: true });
  try {
    await encodeSources(sources);
    /** @type {Record<string, GeneratedStream>} */
    const streams = {};
    for (const stream of DEMO_STREAMS) streams[stream.playbackId] = await packageStream(stream, sources, path.join(work, stream.playbackId));
    await rm(sources, { recursive: true, force: true });
    /** @type {StreamsManifest} */
    const manifest = {
      version,
      generatedAt: new Date().toISOString(),
      segmentSeconds: SEGMENT_SECONDS,
      loopSeconds: LOOP_SECONDS,
      liveWindowSegments: LIVE_WINDOW_SEGMENTS,
      streams,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    try {
      await rename(work, dir);
    } catch (error) {
      // Another process finished first: keep its streams.
      if (!(await exists(manifestFile))) throw error;
      await rm(work, { recursive: true, force: true });
      return { dir, manifest: JSON.parse(await readFile(manifestFile, 'utf8')), generated: false, ms: performance.now() - started };
    }
    for (const entry of await readdir(root)) {
      if (entry !== version && /^[0-9a-f]{12}$/.test(entry)) await rm(path.join(root, entry), { recursive: true, force: true });
    }
    const ms = performance.now() - started;
    log(`done in ${(ms / 1000).toFixed(1)} s: ${dir}`);
    return { dir, manifest, generated: true, ms };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await generateStreams();
  process.stdout.write(
    `${result.generated ? 'generated' : 'already generated'} in ${(result.ms / 1000).toFixed(1)} s: ${result.dir}\n` +
      Object.entries(result.manifest.streams)
        .map(([id, stream]) => `  ${id.padEnd(16)} ${stream.kind.padEnd(4)} ${stream.title}\n`)
        .join(''),
  );
}
