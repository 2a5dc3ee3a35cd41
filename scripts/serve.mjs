// @ts-check
/**
 * Production-like local server for the built site (dist/, or SERVE_ROOT resolved per request so
 * publish:local's symlink swaps show at once): what Netlify's CDN does with netlify.toml, on Hono
 * (docs/local-serving.md) — redirects, headers (with `_headers`), indexes, strong ETags, gzip/brotli,
 * 404.html, pages assembled from their fragments (500.html, `no-store`, when they cannot be), and
 * /.netlify/functions/<name> with the client's `ip` and LOCAL_GEO_COUNTRY.
 * `npm run serve` (PORT 4321, HOST 127.0.0.1, VERBOSE=1) first starts the local platform
 * (scripts/local/platform.mjs); `POST /__matchday/reset` (loopback) lets a match be replayed again.
 */
import { createHash } from 'node:crypto';
import { createReadStream, realpathSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mimes } from 'hono/utils/mime';
import { headersFor, loadHeaderRules, loadNetlifyConfig, loadRedirectRules, matchRedirect, NETLIFY_DEFAULT_CACHE_CONTROL } from './netlify-config.mjs';
import { createSiteLock } from '../netlify/edge-functions/site-lock.ts';
import { ASSEMBLY_MARK, AssemblyError, assemblyFailedResponse, SERVER_ERROR_PAGE } from '../src/lib/pageAssembly.ts';
import { etagMatches } from '../src/lib/etag.ts';
import { assembleFile, isFragmentFile } from './assemble.mjs';
import apiFunction from '../netlify/functions/api.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files up to this size (bytes) are read whole, hashed for a strong ETag and compressed; larger ones are streamed. */
const IN_MEMORY_LIMIT = 8 * 1024 * 1024;
/** Upper bound (bytes) of cached file bodies and their compressed variants. */
const CACHE_LIMIT = 96 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Content types beyond Hono's table: streaming, captions, feeds, search index. */
const EXTRA_TYPES = /** @type {const} */ ({
  m3u8: 'application/vnd.apple.mpegurl',
  mpd: 'application/dash+xml',
  m4s: 'video/iso.segment',
  m4a: 'audio/mp4',
  m4v: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  xsl: 'application/xslt+xml; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  jsonld: 'application/ld+json; charset=utf-8',
  ico: 'image/x-icon',
  apng: 'image/apng',
  jxl: 'image/jxl',
  pagefind: 'application/octet-stream',
  pf_meta: 'application/octet-stream',
  pf_index: 'application/octet-stream',
  pf_fragment: 'application/octet-stream',
});

/** Files of the publish directory Netlify reads as configuration and never serves. */
const NETLIFY_CONTROL_FILES = new Set(['_headers', '_redirects']);

/** Non-text/* media types that are text and worth compressing. */
const COMPRESSIBLE = new Set([
  'application/javascript',
  'application/json',
  'application/ld+json',
  'application/manifest+json',
  'application/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/xslt+xml',
  'application/xhtml+xml',
  'application/vnd.apple.mpegurl',
  'application/dash+xml',
  'image/svg+xml',
]);

/**
 * @typedef {{ ip?: string, geo?: { country?: { code?: string } } }} FunctionContext
 *   The part of Netlify's function context the local server fills: the client's address and country.
 */

/**
 * @typedef {(request: Request, context: FunctionContext) => Response | Promise<Response>} FunctionHandler
 *   A Netlify-Functions-v2-style handler: receives the original request and the client's address and country.
 */

/** The country the local server's geolocation gives every client when LOCAL_GEO_COUNTRY is unset. */
export const LOCAL_GEO_COUNTRY_DEFAULT = 'GB';

/**
 * The country the local server gives every function call as Netlify's geolocation: LOCAL_GEO_COUNTRY
 * (an ISO 3166-1 alpha-2 code, upper-cased), LOCAL_GEO_COUNTRY_DEFAULT when unset or blank, or
 * undefined for `none` (a client Netlify cannot locate).
 * @param {Record<string, string | undefined>} env
 * @returns {string | undefined}
 * @throws {Error} naming the variable when it is anything else
 */
export function localGeoCountry(env) {
  const value = (env.LOCAL_GEO_COUNTRY ?? '').trim();
  if (value === '') return LOCAL_GEO_COUNTRY_DEFAULT;
  if (value.toLowerCase() === 'none') return undefined;
  if (!/^[A-Za-z]{2}$/.test(value)) throw new Error(`LOCAL_GEO_COUNTRY must be an ISO 3166-1 alpha-2 code such as GB, or none (got "${value}")`);
  return value.toUpperCase();
}

/**
 * @typedef {object} CreateAppOptions
 * @property {string} root Directory to serve (the build output, e.g. "dist"); resolved against the cwd.
 * @property {string} [configPath] netlify.toml to apply (default: the project's netlify.toml).
 * @property {import('./netlify-config.mjs').NetlifyConfig} [config] Already-loaded config (overrides configPath
 *   for the header rules).
 * @property {import('./netlify-config.mjs').HeaderRule[]} [headerRules] Already-loaded header rules of
 *   netlify.toml and `<root>/_headers` (default: read with loadHeaderRules on the first request;
 *   with `config`, the `_headers` rules followed by `config.headers`).
 * @property {import('./netlify-config.mjs').RedirectRule[]} [redirectRules] Already-loaded redirect rules
 *   of `<root>/_redirects` and netlify.toml (default: read with loadRedirectRules on the first request).
 * @property {Record<string, FunctionHandler>} [functions] Handlers for /.netlify/functions/<name>/* (e.g. { api }).
 * @property {boolean} [verbose] Log one line per request (default: VERBOSE=1 in the environment).
 * @property {number} [compressMinBytes] Smallest body (bytes) worth compressing (default 256).
 * @property {Record<string, string | undefined>} [env] Where SITE_LOCK_PASSWORD / SITE_LOCK_SECRET and LOCAL_GEO_COUNTRY
 *   are read (default process.env).
 */

/**
 * @typedef {object} StaticHit
 * @property {string} file Absolute path of the file to send.
 * @property {number} size Bytes.
 * @property {number} mtimeMs Modification time, ms since the epoch.
 * @property {string} canonical Request path of this file: "/news/" for news/index.html.
 */

/**
 * @typedef {object} CacheEntry
 * @property {number} size
 * @property {number} mtimeMs
 * @property {string} etag Opaque tag without quotes ("<hash>" strong, or "W/..." for streamed files).
 * @property {Buffer | null} body The file's bytes when held in memory (an assembled page: the page as sent).
 * @property {Map<Encoding, Buffer>} encoded Compressed variants computed so far.
 * @property {number} [lastModifiedMs] An assembled page: the newest of the page and its fragments.
 * @property {Array<{ file: string, size: number, mtimeMs: number }>} [fragments] An assembled page's
 *   fragments as read: the entry is stale when one of them changed.
 */

/** @typedef {'br' | 'gzip' | 'identity'} Encoding */

/**
 * @typedef {object} Site One build being served: its real folder and its rules (read once).
 * @property {string} root Absolute folder, symlinks resolved.
 * @property {() => Promise<import('./netlify-config.mjs').HeaderRule[]>} headerRules
 * @property {() => Promise<{ redirects: import('./netlify-config.mjs').RedirectRule[] }>} redirectRules
 */

/** Thrown for a request path that cannot name a file (bad percent-encoding, NUL). */
class BadPathError extends Error {}

/**
 * Builds the Hono app serving `root` the way Netlify serves the publish directory.
 * @param {CreateAppOptions} options
 * @returns {Hono}
 * @throws {import('./netlify-config.mjs').NetlifyConfigError} When netlify.toml is invalid.
 */
export function createApp(options) {
  const servedRoot = path.resolve(options.root);
  const configPath = options.configPath ?? path.join(PROJECT_ROOT, 'netlify.toml');
  const config = options.config ?? loadNetlifyConfig(configPath);
  // The root may be a symlink that a publish swaps (scripts/publish/local.mjs: `current` →
  // builds/<id>): it is resolved on every request, each request is served from the one build it
  // resolved to, and that build's own _headers (its CSP hashes) and _redirects are read once.
  // Rules given in `options` belong to the build the root pointed at when the app was made.
  const firstRoot = realRoot(servedRoot);
  /** @type {Site | undefined} */
  let site;
  /** The build being served now, with its rules. @returns {Promise<Site>} */
  const liveSite = async () => {
    const root = await realpath(servedRoot).catch(() => servedRoot);
    if (site?.root === root) return site;
    const first = root === firstRoot;
    /** @type {Promise<import('./netlify-config.mjs').HeaderRule[]> | undefined} */
    let headerRulesLoaded;
    /** @type {Promise<{ redirects: import('./netlify-config.mjs').RedirectRule[] }> | undefined} */
    let redirectRulesLoaded;
    site = {
      root,
      // Header rules of `_headers` and netlify.toml, read once per build.
      headerRules: () =>
        (headerRulesLoaded ??=
          first && options.headerRules
            ? Promise.resolve(options.headerRules)
            : loadHeaderRules({ configPath: options.config ? undefined : configPath, headersFiles: [path.join(root, '_headers')] }).then((rules) =>
                options.config ? [...rules, ...config.headers] : rules,
              )),
      // Redirect rules of `_redirects` and netlify.toml, read once per build.
      redirectRules: () =>
        (redirectRulesLoaded ??= (
          first && options.redirectRules
            ? Promise.resolve(options.redirectRules)
            : loadRedirectRules({ configPath, redirectsFiles: [path.join(root, '_redirects')] })
        ).then((redirects) => ({ redirects }))),
    };
    return site;
  };
  // The platform API function (netlify/functions/api.ts) answers /api/* as on Netlify.
  const functions = options.functions ?? { api: apiFunction };
  const geoCountry = localGeoCountry(options.env ?? process.env);
  /**
   * The function context of a request: the socket's address and the configured country.
   * @param {import('hono').Context} c
   * @returns {FunctionContext}
   */
  const functionContext = (c) => {
    const ip = clientIp(c);
    return { ...(ip === undefined ? {} : { ip }), ...(geoCountry === undefined ? {} : { geo: { country: { code: geoCountry } } }) };
  };
  const verbose = options.verbose ?? process.env.VERBOSE === '1';
  const compressMinBytes = options.compressMinBytes ?? 256;
  const cache = new FileCache(CACHE_LIMIT);

  const app = new Hono();

  // --- Site lock hook: the production edge function (netlify/edge-functions/site-lock.ts), in
  // front of everything, only when SITE_LOCK_PASSWORD is set. ---
  const siteLock = createSiteLock(options.env ?? process.env);
  if (siteLock) app.use('*', async (c, next) => (await siteLock(c.req.raw, { ip: clientIp(c) })) ?? next());
  // --- end of site lock hook ---

  if (verbose) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      const ms = (performance.now() - started).toFixed(1);
      const url = new URL(c.req.url);
      const encoding = c.res.headers.get('content-encoding');
      console.log(`${c.req.method} ${url.pathname}${url.search} ${c.res.status} ${ms}ms${encoding ? ` ${encoding}` : ''}`);
    });
  }

  app.notFound(async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const pathname = url.pathname;

    if (pathname.startsWith('/.netlify/functions/')) return callFunction(functions, pathname, request, functionContext(c));

    const live = await liveSite();
    const root = live.root;
    /** @type {StaticHit | null} */
    let hit;
    try {
      hit = await resolveStatic(root, pathname);
    } catch (error) {
      if (error instanceof BadPathError) return new Response('Bad Request', { status: 400 });
      throw error;
    }
    if (hit && NETLIFY_CONTROL_FILES.has(path.relative(root, hit.file))) hit = null;

    const redirect = await matchRedirect(await live.redirectRules(), pathname + url.search, {
      exists: () => hit !== null,
      headers: { cookie: request.headers.get('cookie') ?? '', 'accept-language': request.headers.get('accept-language') ?? '' },
    });
    if (redirect) {
      if (redirect.status >= 300 && redirect.status < 400) {
        return new Response(null, {
          status: redirect.status,
          headers: { Location: redirect.to, 'Cache-Control': NETLIFY_DEFAULT_CACHE_CONTROL },
        });
      }
      if (/^https?:\/\//i.test(redirect.to)) return proxy(request, redirect.to, redirect.status);
      const targetPath = redirect.to.split('?')[0] ?? redirect.to;
      if (targetPath.startsWith('/.netlify/functions/')) return callFunction(functions, targetPath, request, functionContext(c));
      /** @type {StaticHit | null} */
      let target;
      try {
        target = await resolveStatic(root, targetPath);
      } catch (error) {
        if (error instanceof BadPathError) return new Response('Bad Request', { status: 400 });
        throw error;
      }
      if (target) return sendFile(live, request, target, redirect.status, pathname);
      return notFound(live, request, pathname);
    }

    if (hit) return sendFile(live, request, hit, 200, hit.canonical);
    return notFound(live, request, pathname);
  });

  /**
   * The site's 404 page (or a plain one) with status 404.
   * @param {Site} live The build being served.
   * @param {Request} request
   * @param {string} pathname
   * @returns {Promise<Response>}
   */
  async function notFound(live, request, pathname) {
    const page = await statFile(path.join(live.root, '404.html'));
    if (page) return sendFile(live, request, { file: page.file, size: page.size, mtimeMs: page.mtimeMs, canonical: pathname }, 404, pathname);
    return new Response('Not Found', {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        ...headersFor({ headers: await live.headerRules() }, pathname),
        'Cache-Control': NETLIFY_DEFAULT_CACHE_CONTROL,
      },
    });
  }

  /**
   * The answer to a page that cannot be assembled, as the edge function gives it: `<root>/500.html`
   * (else the error page's fallback, logged) with status 500, `no-store` and the page's header rules.
   * @param {Site} live The build being served.
   * @param {Request} request
   * @param {string} headerPath The path asked for, whose header rules apply.
   * @returns {Promise<Response>}
   */
  async function serverError(live, request, headerPath) {
    const page = await statFile(path.join(live.root, SERVER_ERROR_PAGE));
    if (page) return sendFile(live, request, { ...page, canonical: headerPath }, 500, headerPath);
    console.error(`${SERVER_ERROR_PAGE} is not in ${live.root}: the error page's fallback for ${headerPath}`);
    return assemblyFailedResponse();
  }

  /**
   * Sends a file with netlify.toml headers, ETag, conditional 304 and negotiated compression.
   * @param {Site} live The build being served.
   * @param {Request} request
   * @param {StaticHit} hit
   * @param {number} status 200 normally; a rewrite's own status (e.g. 404), or 500 for the error page, otherwise.
   * @param {string} headerPath Path whose header rules apply.
   * @returns {Promise<Response>}
   */
  async function sendFile(live, request, hit, status, headerPath) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const headers = new Headers(headersFor({ headers: await live.headerRules() }, headerPath));
    if (status === 404) headers.set('Cache-Control', NETLIFY_DEFAULT_CACHE_CONTROL);
    if (status === 500) headers.set('Cache-Control', 'no-store');
    const contentType = contentTypeFor(hit.file);
    headers.set('Content-Type', contentType);

    /** @type {CacheEntry} */
    let entry;
    try {
      // Pages are assembled; fragments (/_fragments/…) are sent as they are, as on Netlify, where
      // the edge function runs only on the pages' paths.
      const assembles = contentType.startsWith('text/html') && !isFragmentFile(path.relative(live.root, hit.file));
      entry = await cache.get(hit, assembles ? live.root : undefined);
    } catch (error) {
      if (!(error instanceof AssemblyError)) throw error;
      // As the production edge function does (netlify/edge-functions/page-assembly.ts): never half a page.
      console.error(`page assembly failed for ${headerPath}:`, error);
      if (status !== 500) return serverError(live, request, headerPath);
      console.error(`${SERVER_ERROR_PAGE} could not be sent either: the error page's fallback for ${headerPath}`);
      return assemblyFailedResponse();
    }
    const compressible = isCompressible(contentType) && entry.body !== null && (entry.body?.byteLength ?? hit.size) >= compressMinBytes;
    const encoding = compressible ? negotiateEncoding(request.headers.get('accept-encoding')) : 'identity';
    if (compressible) headers.set('Vary', 'Accept-Encoding');
    const etag = representationETag(entry.etag, encoding);
    headers.set('ETag', etag);
    headers.set('Last-Modified', new Date(entry.lastModifiedMs ?? hit.mtimeMs).toUTCString());

    if (status === 200 && etagMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }

    /** @type {BodyInit | null} */
    let body;
    if (entry.body === null) {
      headers.set('Content-Length', String(hit.size));
      body = request.method === 'HEAD' ? null : webStream(hit.file);
    } else {
      const bytes = encoding === 'identity' ? entry.body : await cache.encoded(hit.file, entry, encoding);
      if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
      headers.set('Content-Length', String(bytes.byteLength));
      body = request.method === 'HEAD' ? null : /** @type {Uint8Array<ArrayBuffer>} */ (bytes);
    }
    return new Response(body, { status, headers });
  }

  return app;
}

/**
 * The client's IP address from the Node socket (@hono/node-server puts the incoming message on
 * c.env), or undefined when there is none (Hono's app.request in tests). Never a request header.
 * @param {import('hono').Context} c
 * @returns {string | undefined}
 */
function clientIp(c) {
  /** @type {{ incoming?: { socket?: { remoteAddress?: string } } } | undefined} */
  const env = c.env;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * Dispatches /.netlify/functions/<name>/... to a registered handler, with the original request
 * and the client's address and country (Netlify's context.ip and context.geo).
 * @param {Record<string, FunctionHandler>} functions
 * @param {string} functionPath
 * @param {Request} request
 * @param {FunctionContext} context
 * @returns {Promise<Response>}
 */
async function callFunction(functions, functionPath, request, context) {
  const name = functionPath.slice('/.netlify/functions/'.length).split('/')[0] ?? '';
  const handler = Object.hasOwn(functions, name) ? functions[name] : undefined;
  if (!handler) return new Response(`Function not found: ${name}`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return handler(request, context);
}

/**
 * A 200 rewrite to an absolute URL (a Netlify proxy rule).
 * @param {Request} request
 * @param {string} to
 * @param {number} status
 * @returns {Promise<Response>}
 */
async function proxy(request, to, status) {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const upstream = await fetch(to, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    redirect: 'manual',
  });
  return new Response(upstream.body, { status: status === 200 ? upstream.status : status, headers: upstream.headers });
}

/**
 * Maps a request path to a file under `root`, Netlify style.
 * "/x/" → x/index.html (or x.html); "/x" → x, else x/index.html (canonical "/x/"), else x.html.
 * @param {string} root Absolute directory.
 * @param {string} pathname Percent-encoded request path.
 * @returns {Promise<StaticHit | null>}
 * @throws {BadPathError} For malformed percent-encoding or a NUL byte.
 */
export async function resolveStatic(root, pathname) {
  /** @type {string} */
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new BadPathError(pathname);
  }
  if (decoded.includes('\0')) throw new BadPathError(pathname);
  const normal = path.posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);

  /** @type {Array<[string, string]>} [relative file, canonical path] */
  const candidates = [];
  if (normal.endsWith('/')) {
    candidates.push([`${normal}index.html`, pathname]);
    if (normal !== '/') candidates.push([`${normal.slice(0, -1)}.html`, pathname]);
  } else {
    candidates.push([normal, pathname], [`${normal}/index.html`, `${pathname}/`], [`${normal}.html`, pathname]);
  }
  for (const [relative, canonical] of candidates) {
    const file = path.join(root, relative);
    if (file !== root && !file.startsWith(root + path.sep)) continue;
    const found = await statFile(file);
    if (found) return { ...found, canonical };
  }
  return null;
}

/**
 * A folder with its symlinks resolved, or as given when it does not exist (yet).
 * @param {string} dir
 * @returns {string}
 */
function realRoot(dir) {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * @param {string} file
 * @returns {Promise<{ file: string, size: number, mtimeMs: number } | null>} Null unless a regular file.
 */
async function statFile(file) {
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/**
 * Content-Type for a file name (application/octet-stream when unknown).
 * @param {string} file
 * @returns {string}
 */
export function contentTypeFor(file) {
  const ext = path.extname(file).slice(1).toLowerCase();
  /** @type {Record<string, string>} */
  const extra = EXTRA_TYPES;
  /** @type {Record<string, string>} */
  const base = mimes;
  return extra[ext] ?? base[ext] ?? 'application/octet-stream';
}

/**
 * Whether responses of this type are text worth compressing.
 * @param {string} contentType Full Content-Type value.
 * @returns {boolean}
 */
export function isCompressible(contentType) {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type.startsWith('text/') || COMPRESSIBLE.has(type) || type.endsWith('+json') || type.endsWith('+xml');
}

/**
 * Picks the response encoding from an Accept-Encoding header: the acceptable
 * coding with the highest q-value among br and gzip (br on a tie), else identity.
 * @param {string | null} header e.g. "gzip, deflate, br;q=0.9"
 * @returns {Encoding}
 */
export function negotiateEncoding(header) {
  if (!header) return 'identity';
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const item of header.split(',')) {
    const [codingRaw, ...params] = item.split(';');
    const coding = (codingRaw ?? '').trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key === 'q' && value !== undefined) weight = Number.isFinite(Number(value)) ? Number(value) : 0;
    }
    q.set(coding === 'x-gzip' ? 'gzip' : coding, weight);
  }
  const star = q.get('*') ?? 0;
  const br = q.get('br') ?? star;
  const gz = q.get('gzip') ?? star;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/**
 * The quoted ETag of one representation: compressed variants get their own tag.
 * @param {string} tag Opaque tag of the file (no quotes; may start with "W/").
 * @param {Encoding} encoding
 * @returns {string}
 */
function representationETag(tag, encoding) {
  const weak = tag.startsWith('W/');
  const opaque = weak ? tag.slice(2) : tag;
  const suffix = encoding === 'identity' ? '' : encoding === 'br' ? '-br' : '-gz';
  return `${weak ? 'W/' : ''}"${opaque}${suffix}"`;
}

/**
 * @param {string} file
 * @returns {ReadableStream<Uint8Array>}
 */
function webStream(file) {
  return /** @type {ReadableStream<Uint8Array>} */ (/** @type {unknown} */ (Readable.toWeb(createReadStream(file))));
}

/**
 * Whether the fragments an assembled entry was made from are unchanged (a rebuild in place).
 * @param {CacheEntry} entry
 * @returns {Promise<boolean>}
 */
async function fragmentsUnchanged(entry) {
  if (!entry.fragments) return true;
  const now = await Promise.all(entry.fragments.map((f) => statFile(f.file)));
  return now.every((info, i) => info !== null && info.size === entry.fragments?.[i]?.size && info.mtimeMs === entry.fragments?.[i]?.mtimeMs);
}

/** Bodies, hashes and compressed variants of served files, invalidated by size/mtime, bounded in bytes (LRU). */
class FileCache {
  /** @param {number} limit Bytes. */
  constructor(limit) {
    this.limit = limit;
    this.bytes = 0;
    /** @type {Map<string, CacheEntry>} */
    this.entries = new Map();
  }

  /**
   * The entry of a file; with `root`, an HTML page carrying assembly directives is assembled from
   * the fragments under `root` (src/lib/pageAssembly.ts), as the production edge function does.
   * @param {StaticHit} hit
   * @param {string} [root] The build folder, for HTML pages.
   * @returns {Promise<CacheEntry>}
   * @throws {AssemblyError} When a page cannot be assembled (a fragment missing or malformed).
   */
  async get(hit, root) {
    const cached = this.entries.get(hit.file);
    if (cached && cached.size === hit.size && cached.mtimeMs === hit.mtimeMs && (await fragmentsUnchanged(cached))) {
      this.entries.delete(hit.file);
      this.entries.set(hit.file, cached);
      return cached;
    }
    if (cached) this.#drop(hit.file, cached);

    if (hit.size > IN_MEMORY_LIMIT) {
      return {
        size: hit.size,
        mtimeMs: hit.mtimeMs,
        etag: `W/${hit.size.toString(16)}-${Math.floor(hit.mtimeMs).toString(16)}`,
        body: null,
        encoded: new Map(),
      };
    }
    let body = await readFile(hit.file);
    /** @type {Pick<CacheEntry, 'lastModifiedMs' | 'fragments'>} */
    let assembly = {};
    if (root !== undefined && body.includes(ASSEMBLY_MARK)) {
      const assembled = await assembleFile(root, body.toString('utf8'));
      body = Buffer.from(assembled.html, 'utf8');
      assembly = { fragments: assembled.fragments, lastModifiedMs: Math.max(hit.mtimeMs, ...assembled.fragments.map((f) => f.mtimeMs)) };
    }
    const etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    /** @type {CacheEntry} */
    const entry = { size: hit.size, mtimeMs: hit.mtimeMs, etag, body, encoded: new Map(), ...assembly };
    this.entries.set(hit.file, entry);
    this.bytes += body.byteLength;
    this.#evict();
    return entry;
  }

  /**
   * The compressed variant of an in-memory entry (computed once).
   * @param {string} file
   * @param {CacheEntry} entry
   * @param {'br' | 'gzip'} encoding
   * @returns {Promise<Buffer>}
   */
  async encoded(file, entry, encoding) {
    const existing = entry.encoded.get(encoding);
    if (existing) return existing;
    const body = entry.body ?? (await readFile(file));
    const bytes =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : await gzipAsync(body, { level: 9 });
    if (this.entries.get(file) === entry) {
      entry.encoded.set(encoding, bytes);
      this.bytes += bytes.byteLength;
      this.#evict();
    }
    return bytes;
  }

  /**
   * @param {string} file
   * @param {CacheEntry} entry
   */
  #drop(file, entry) {
    this.entries.delete(file);
    this.bytes -= entry.body?.byteLength ?? 0;
    for (const variant of entry.encoded.values()) this.bytes -= variant.byteLength;
  }

  #evict() {
    for (const [file, entry] of this.entries) {
      if (this.bytes <= this.limit || this.entries.size <= 1) break;
      this.#drop(file, entry);
    }
  }
}

/**
 * Whether this module is the process entry point (not imported).
 * @returns {boolean}
 */
function isMain() {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === import.meta.url;
  } catch {
    return false;
  }
}

if (isMain()) {
  const root = path.resolve(PROJECT_ROOT, process.env.SERVE_ROOT ?? 'dist');
  const port = Number(process.env.PORT ?? 4321);
  const hostname = process.env.HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: PORT must be an integer 0-65535 (got "${process.env.PORT}")`);
    process.exit(1);
  }
  const index = await statFile(path.join(root, 'index.html'));
  if (!index) {
    console.error(`serve: ${path.relative(process.cwd(), root) || root}/index.html not found; run "npm run build" first.`);
    process.exit(1);
  }
  const configPath = path.join(PROJECT_ROOT, 'netlify.toml');
  const headersFile = path.join(root, '_headers');
  if (!(await statFile(headersFile))) {
    console.warn(`serve: ${path.relative(process.cwd(), headersFile)} not found: pages are served without the Content-Security-Policy the build writes there.`);
  }
  // Read the header and redirect rules now, so a broken _headers, _redirects or netlify.toml stops the server at once.
  const headerRules = await loadHeaderRules({ configPath, headersFiles: [headersFile] });
  const redirectRules = await loadRedirectRules({ configPath, redirectsFiles: [path.join(root, '_redirects')] });
  // The platform API's identity provider and database: the local stand-ins (cognito-local, the
  // hosted sign-in, PGlite in LOCAL_STATE_DIR) unless the environment names real ones
  // (scripts/local/platform.mjs). The API reads process.env at its first request.
  const { startLocalPlatform } = await import('./local/platform.mjs');
  /** @type {import('./local/platform.mjs').LocalPlatform} */
  let platform;
  try {
    platform = await startLocalPlatform(process.env);
  } catch (error) {
    console.error(`serve: the platform API cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  Object.assign(process.env, platform.env);
  const { createApiHandler } = await import('../netlify/functions/api.ts');
  const app = createApp({ root, configPath, headerRules, redirectRules, functions: { api: createApiHandler({ db: platform.database }) } });
  // A replay of a match already replayed here starts again (loopback only; scripts/local/matchday.mjs).
  const { MATCHDAY_RESET_PATH, matchdayResetHandler } = await import('./local/matchday.mjs');
  app.post(MATCHDAY_RESET_PATH, matchdayResetHandler(platform.database));
  const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(`Terrace (${path.relative(PROJECT_ROOT, root)}/) at http://${host}:${info.port}/`);
    for (const [name, url] of Object.entries(platform.urls)) console.log(`  ${name.padEnd(32)} ${url}`);
    for (const notice of platform.notices) console.warn(`\n! ${notice}\n`);
  });
  const stop = () => {
    server.close();
    void platform.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
