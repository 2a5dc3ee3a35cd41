// @ts-check
/**
 * The local stream host (docs/streams-local.md "The stream host"): serves the generated demo
 * streams in Mux's URL shape — playlists, segments and the ClearKey licence — only with a valid
 * playback token (verified by src/streaming/server/playbackSigner.ts), putting the token on every
 * URI of a playlist it serves, and a replay's captions as one WebVTT file
 * (`/{playbackId}/text/{trackId}.vtt`). Media are only the files the manifest lists.
 * `startStreamHost({ dir, verifier, port, host, allowedOrigins, leaseCheck, faults, now, quiet })`
 * → { url, port, stop() }. Refusals: 403 `{ error, reason }` (bad token, or with `leaseCheck` a
 * 'lease-ended' / 'wrong-asset' lease), 404 unknown, 405 other methods.
 * With `faults: true` (tests only): the loopback-only /__faults control (docs/streams-local.md "Faults").
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseMediaPlaylist, liveMediaPlaylist, rewriteUris, wholeWebVtt, withToken } from './playlist.mjs';

/** Largest licence request body read, in bytes. */
const MAX_LICENCE_BODY = 4096;

const PLAYBACK_ID = '[A-Za-z0-9]{1,64}';
const MASTER_PATH = new RegExp(`^/(${PLAYBACK_ID})\\.m3u8$`);
const MEDIA_PATH = new RegExp(`^/(${PLAYBACK_ID})/([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)?)$`);
const LICENCE_PATH = new RegExp(`^/license/([a-z]+)/(${PLAYBACK_ID})$`);
const LIVE_SEGMENT = /^([A-Za-z0-9_-]+)\/(\d{1,15})\.m4s$/;
const TEXT_TRACK = /^text\/([A-Za-z0-9_-]+)\.vtt$/;

/**
 * @typedef {object} LoadedStream
 * @property {string} id
 * @property {string} dir
 * @property {import('./generate.mjs').GeneratedStream} info
 * @property {string} master master playlist text
 * @property {Map<string, { text: string, playlist: import('./playlist.mjs').MediaPlaylist }>} playlists by file name
 * @property {Set<string>} files every file a request may name (VOD: all; live: init segments)
 * @property {Map<string, string>} texts whole WebVTT files by track id (VOD text renditions)
 */

/**
 * @typedef {object} StreamHost
 * @property {string} url e.g. http://127.0.0.1:9231
 * @property {number} port
 * @property {import('./generate.mjs').StreamsManifest} manifest
 * @property {() => Promise<void>} stop
 */

/**
 * @param {string} dir a generated version folder (manifest.json inside)
 * @returns {Promise<{ manifest: import('./generate.mjs').StreamsManifest, streams: Map<string, LoadedStream> }>}
 */
async function loadStreams(dir) {
  /** @type {import('./generate.mjs').StreamsManifest} */
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  /** @type {Map<string, LoadedStream>} */
  const streams = new Map();
  for (const [id, info] of Object.entries(manifest.streams)) {
    const streamDir = path.join(dir, id);
    const playlists = new Map();
    const files = new Set();
    const texts = new Map();
    for (const file of info.playlists) {
      const text = await readFile(path.join(streamDir, file), 'utf8');
      const playlist = parseMediaPlaylist(text);
      playlists.set(file, { text, playlist });
      if (playlist.map) files.add(playlist.map);
      if (info.kind === 'vod') for (const segment of playlist.segments) files.add(segment.uri);
      if (info.kind === 'vod' && playlist.segments.length > 0 && playlist.segments.every((s) => s.uri.endsWith('.vtt'))) {
        const segments = await Promise.all(playlist.segments.map((s) => readFile(path.join(streamDir, s.uri), 'utf8')));
        texts.set(file.replace(/\.m3u8$/, ''), wholeWebVtt(segments));
      }
    }
    streams.set(id, { id, dir: streamDir, info, master: await readFile(path.join(streamDir, info.master), 'utf8'), playlists, files, texts });
  }
  return { manifest, streams };
}

/** @param {string} file */
function contentType(file) {
  if (file.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (file.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  return file.startsWith('audio') ? 'audio/mp4' : 'video/mp4';
}

/** The fault-injection control path (docs/streams-local.md "Faults"). */
export const FAULTS_PATH = '/__faults';

const SEGMENT_PATH = /^([A-Za-z0-9_-]+)\/(\d{1,15})\.m4s$/;

/**
 * @typedef {object} FaultRule
 * @property {string} playbackId
 * @property {string} [rendition]
 * @property {number} [segment]
 * @property {'status' | 'corrupt'} kind
 * @property {number} status
 * @property {number} remaining responses still to fault (Infinity: every one)
 * @property {number} hits responses faulted so far
 */

/**
 * A fault rule from a control request's body, or an error message.
 * @param {unknown} body
 * @returns {FaultRule | string}
 */
function faultRuleOf(body) {
  if (!body || typeof body !== 'object') return 'The body must be a JSON object';
  const { playbackId, rendition, segment, kind, status, count } = /** @type {Record<string, unknown>} */ (body);
  if (typeof playbackId !== 'string' || !/^[A-Za-z0-9]{1,64}$/.test(playbackId)) return 'playbackId is required';
  if (rendition !== undefined && (typeof rendition !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(rendition))) return 'rendition must be a rendition name';
  if (segment !== undefined && !(Number.isInteger(segment) && /** @type {number} */ (segment) >= 0)) return 'segment must be a segment number';
  if (kind !== 'status' && kind !== 'corrupt') return "kind must be 'status' or 'corrupt'";
  if (status !== undefined && !(Number.isInteger(status) && /** @type {number} */ (status) >= 400 && /** @type {number} */ (status) <= 599))
    return 'status must be 400-599';
  if (count !== undefined && !(Number.isInteger(count) && /** @type {number} */ (count) >= 1)) return 'count must be a positive integer';
  return {
    playbackId,
    ...(rendition === undefined ? {} : { rendition: /** @type {string} */ (rendition) }),
    ...(segment === undefined ? {} : { segment: /** @type {number} */ (segment) }),
    kind,
    status: /** @type {number | undefined} */ (status) ?? 500,
    remaining: /** @type {number | undefined} */ (count) ?? Infinity,
    hits: 0,
  };
}

/** Whether a socket address is the loopback interface. @param {string | undefined} address */
const isLoopback = (address) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** Base64url of hex. @param {string} hex */
const base64url = (hex) => Buffer.from(hex, 'hex').toString('base64url');

/**
 * Starts the host.
 * @param {object} options
 * @param {string} options.dir a generated version folder (generateStreams().dir)
 * @param {Pick<import('../../../src/streaming/server/playbackSigner.ts').PlaybackVerifier, 'verify'>} options.verifier
 * @param {number} [options.port] default 0 (a free port)
 * @param {string} [options.host] default 127.0.0.1
 * @param {string[]} [options.allowedOrigins] origins allowed by CORS; ['*'] for any (default none)
 * @param {() => number} [options.now] wall clock in ms (live windows)
 * @param {boolean} [options.quiet] no log lines
 * @param {boolean} [options.faults] accept fault-injection rules on FAULTS_PATH from loopback (tests only)
 * @param {import('../../../src/streaming/server/leaseCheck.ts').PlaybackLeaseCheck} [options.leaseCheck]
 *   whether a verified token's lease still admits playback (without it, tokens alone decide, as at Mux)
 * @returns {Promise<StreamHost>}
 */
export async function startStreamHost(options) {
  const { manifest, streams } = await loadStreams(options.dir);
  const now = options.now ?? Date.now;
  const origins = new Set(options.allowedOrigins ?? []);
  /** @type {FaultRule[]} */
  let faultRules = [];

  /**
   * The fault rule that takes this segment request, if any (its count is used up by one).
   * @param {string} playbackId
   * @param {string} rest path below /{playbackId}/
   */
  const faultFor = (playbackId, rest) => {
    const match = SEGMENT_PATH.exec(rest);
    if (!match || faultRules.length === 0) return undefined;
    const rule = faultRules.find(
      (r) =>
        r.remaining > 0 &&
        r.playbackId === playbackId &&
        (r.rendition === undefined || r.rendition === match[1]) &&
        (r.segment === undefined || r.segment === Number(match[2])),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    rule.hits += 1;
    return rule;
  };

  /**
   * The control endpoint (docs/streams-local.md "Faults").
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   */
  const serveFaults = async (request, response) => {
    if (!isLoopback(request.socket.remoteAddress)) return json(response, 403, { error: 'Fault injection is for loopback clients only' });
    const list = () => faultRules.map((r) => ({ ...r, remaining: Number.isFinite(r.remaining) ? r.remaining : null }));
    if (request.method === 'GET') return json(response, 200, { rules: list() });
    if (request.method === 'DELETE') {
      faultRules = [];
      return json(response, 200, { rules: [] });
    }
    if (request.method !== 'POST') return json(response, 405, { error: 'Use GET, POST or DELETE' });
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    /** @type {unknown} */
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return json(response, 400, { error: 'The body is not JSON' });
    }
    const rule = faultRuleOf(body);
    if (typeof rule === 'string') return json(response, 400, { error: rule });
    faultRules.push(rule);
    return json(response, 200, { rules: list() });
  };

  /**
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   */
  const cors = (request, response) => {
    const origin = request.headers.origin;
    if (origins.has('*')) response.setHeader('Access-Control-Allow-Origin', '*');
    else if (origin && origins.has(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
    }
  };

  /**
   * @param {http.ServerResponse} response
   * @param {number} status
   * @param {Record<string, unknown>} body
   */
  const json = (response, status, body) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  /**
   * Verifies the request's token for `playbackId` and `audience`; answers 403 and returns false when refused.
   * @param {URL} url
   * @param {http.ServerResponse} response
   * @param {string} playbackId
   * @param {'video' | 'licence'} audience
   */
  const authorised = async (url, response, playbackId, audience) => {
    /** @type {import('../../../src/streaming/rules/playbackToken.ts').PlaybackClaims} */
    let claims;
    try {
      claims = await options.verifier.verify(url.searchParams.get('token'), { playbackId, audience });
    } catch (error) {
      const reason = error && typeof error === 'object' && 'reason' in error ? String(error.reason) : 'invalid';
      json(response, 403, { error: 'The playback token does not allow this request', reason });
      return false;
    }
    const ended = options.leaseCheck ? await options.leaseCheck(claims) : null;
    if (ended) json(response, 403, { error: 'The playback token does not allow this request', reason: ended });
    return ended === null;
  };

  /**
   * @param {URL} url
   * @param {http.ServerResponse} response
   * @param {boolean} head
   * @param {string} playbackId
   * @param {string | undefined} rest path below /{playbackId}/ (undefined: the master playlist)
   */
  const serveMedia = async (url, response, head, playbackId, rest) => {
    const stream = streams.get(playbackId);
    const token = /** @type {string} */ (url.searchParams.get('token'));
    const send = (/** @type {string | Buffer} */ body, /** @type {string} */ type, /** @type {string} */ cache) => {
      response.writeHead(200, { 'Content-Type': type, 'Cache-Control': cache, 'Content-Length': Buffer.byteLength(body) });
      response.end(head ? undefined : body);
    };
    if (!stream) return json(response, 404, { error: 'Unknown playback ID' });
    if (rest === undefined) {
      const text = rewriteUris(stream.master, (uri) => withToken(`${playbackId}/${uri}`, token));
      return send(text, contentType('.m3u8'), 'private, no-cache');
    }
    const media = stream.playlists.get(rest);
    if (media) {
      if (stream.info.kind === 'vod')
        return send(
          rewriteUris(media.text, (uri) => withToken(uri, token)),
          contentType(rest),
          'private, max-age=60',
        );
      const base = rest.replace(/\.m3u8$/, '');
      const live = liveMediaPlaylist({
        playlist: media.playlist,
        nowMs: now(),
        segmentSeconds: manifest.segmentSeconds,
        windowSegments: manifest.liveWindowSegments,
        segmentUri: (seq) => withToken(`${base}/${seq}.m4s`, token),
        mapUri: media.playlist.map === undefined ? undefined : withToken(media.playlist.map, token),
      });
      return send(live.text, contentType(rest), 'private, no-cache');
    }
    const textTrack = stream.texts.get(TEXT_TRACK.exec(rest)?.[1] ?? '');
    if (textTrack !== undefined) return send(textTrack, contentType('.vtt'), 'private, max-age=300');
    /** @type {string | undefined} */
    let file;
    if (stream.files.has(rest)) file = rest;
    else if (stream.info.kind === 'live') {
      const match = LIVE_SEGMENT.exec(rest);
      const playlist = match ? stream.playlists.get(`${match[1]}.m3u8`)?.playlist : undefined;
      if (match && playlist) {
        const seq = Number(match[2]);
        const latest = Math.floor(now() / 1000 / manifest.segmentSeconds) - 1;
        // Only segments that exist by now and are not long gone (the window and one loop more).
        const oldest = latest - manifest.liveWindowSegments - playlist.segments.length;
        if (seq <= latest && seq > oldest) file = playlist.segments[seq % playlist.segments.length]?.uri;
      }
    }
    if (!file) return json(response, 404, { error: 'Not found' });
    const fault = faultFor(playbackId, rest);
    if (fault?.kind === 'status') return json(response, fault.status, { error: 'Injected fault' });
    const bytes = await readFile(path.join(stream.dir, file));
    if (fault?.kind === 'corrupt') {
      // Garbage of the same length, deterministic: no box structure a parser can read.
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 151 + 73) & 0xff;
      return send(bytes, contentType(file), 'no-store');
    }
    return send(bytes, contentType(file), 'private, max-age=300, immutable');
  };

  /**
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   * @param {string} keySystem
   * @param {string} playbackId
   */
  const serveLicence = async (request, response, keySystem, playbackId) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
      size += chunk.length;
      if (size > MAX_LICENCE_BODY) return json(response, 413, { error: 'Licence request too large' });
      chunks.push(chunk);
    }
    const clearKey = streams.get(playbackId)?.info.clearKey;
    if (keySystem !== 'clearkey' || !clearKey) return json(response, 404, { error: 'No licence for this playback ID and key system' });
    /** @type {unknown} */
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return json(response, 400, { error: 'The licence request is not JSON' });
    }
    const kids = body && typeof body === 'object' && 'kids' in body && Array.isArray(body.kids) ? body.kids : undefined;
    if (!kids || !kids.every((kid) => typeof kid === 'string')) return json(response, 400, { error: 'The licence request has no kids' });
    const kid = base64url(clearKey.keyId);
    if (!kids.includes(kid)) return json(response, 404, { error: 'Unknown key id' });
    const type = body && typeof body === 'object' && 'type' in body && body.type === 'persistent-license' ? 'persistent-license' : 'temporary';
    return json(response, 200, { keys: [{ kty: 'oct', kid, k: base64url(clearKey.key) }], type });
  };

  const server = http.createServer((request, response) => {
    const handle = async () => {
      cors(request, response);
      const url = new URL(request.url ?? '/', 'http://stream-host.invalid');
      const method = request.method ?? 'GET';
      if (method === 'OPTIONS') {
        response.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '600',
        });
        return response.end();
      }
      if (url.pathname === '/') return json(response, 200, { service: 'Terrace local stream host', version: manifest.version });
      if (options.faults && url.pathname === FAULTS_PATH) return serveFaults(request, response);
      const licence = LICENCE_PATH.exec(url.pathname);
      if (licence) {
        if (method !== 'POST') return json(response, 405, { error: 'Use POST' });
        const [, keySystem = '', playbackId = ''] = licence;
        if (!(await authorised(url, response, playbackId, 'licence'))) return;
        return serveLicence(request, response, keySystem, playbackId);
      }
      if (method !== 'GET' && method !== 'HEAD') return json(response, 405, { error: 'Use GET' });
      const master = MASTER_PATH.exec(url.pathname);
      const media = master ? undefined : MEDIA_PATH.exec(url.pathname);
      const playbackId = master?.[1] ?? media?.[1];
      if (!playbackId) return json(response, 404, { error: 'Not found' });
      if (!(await authorised(url, response, playbackId, 'video'))) return;
      return serveMedia(url, response, method === 'HEAD', playbackId, media?.[2]);
    };
    handle().catch((error) => {
      if (!options.quiet) process.stderr.write(`[stream host] ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!response.headersSent) json(response, 500, { error: 'Stream host error' });
      else response.destroy();
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const hostName = options.host ?? '127.0.0.1';
  return {
    url: `http://${hostName.includes(':') ? `[${hostName}]` : hostName}:${port}`,
    port,
    manifest,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
