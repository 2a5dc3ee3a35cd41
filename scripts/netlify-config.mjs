// @ts-check
/**
 * netlify.toml read the way Netlify reads it (docs/local-serving.md): build settings, redirects and
 * headers, for scripts/serve.mjs and the unit tests. Pure except {@link loadNetlifyConfig}.
 * Redirects: Netlify's @netlify/redirect-parser and @netlify/redirects; a rule without `force`
 * yields to an existing file, which the caller decides. Headers: every matching `[[headers]]` rule
 * applies in file order (a name set twice is sent once, values joined by ", "; `for` paths match
 * case-insensitively with `*` and `:placeholders`), `_headers` files add rules the same way, and
 * {@link NETLIFY_DEFAULT_CACHE_CONTROL} applies where no rule sets Cache-Control.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { RedirectsHandler } from '@netlify/redirects';
import { parse, TomlError } from 'smol-toml';

/** Cache-Control Netlify sends for a static file when no header rule sets one. */
export const NETLIFY_DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Status Netlify uses for a `[[redirects]]` rule without `status`. */
export const NETLIFY_DEFAULT_REDIRECT_STATUS = 301;

/**
 * @typedef {object} BuildSettings
 * @property {string | undefined} command Build command, e.g. "npm run build".
 * @property {string} publish Publish directory relative to the base, e.g. "dist".
 * @property {Record<string, string>} environment Build environment variables (all strings).
 */

/**
 * One compiled `[[redirects]]` rule.
 * @typedef {object} RedirectRule
 * @property {string} from Source path pattern, as written.
 * @property {string} to Target path or absolute URL, with `:name`/`:splat` tokens.
 * @property {number} status HTTP status: 3xx redirects, 200 rewrites, 404 etc. serve `to` with that status.
 * @property {boolean} force Whether the rule applies even when a file exists at the path.
 * @property {NormalisedRedirect} parsed The rule as @netlify/redirect-parser gave it (what the engine matches).
 */

/**
 * One compiled `[[headers]]` rule.
 * @typedef {object} HeaderRule
 * @property {string} for Path pattern, as written.
 * @property {Record<string, string>} values Header name to value (arrays and multi-line values normalised to "a, b").
 * @property {RegExp} pattern Compiled `for` (case-insensitive, optional trailing slash).
 */

/**
 * @typedef {object} NetlifyConfig
 * @property {string} source Where the config came from (file path or label), for messages.
 * @property {BuildSettings} build
 * @property {HeaderRule[]} headers In file order.
 */

/**
 * A redirect rule as @netlify/redirect-parser normalises it (the fields this module reads).
 * @typedef {object} NormalisedRedirect
 * @property {string} from Source as written: a path, or a URL for host-bound rules.
 * @property {string} [path] The path part of `from`.
 * @property {string} [host] The host of a URL `from`.
 * @property {string} to Target path or URL (a forward rule's `to` is filled in by the parser).
 * @property {number} [status] HTTP status, when the rule gives one.
 * @property {boolean} force
 * @property {Record<string, unknown>} [query]
 * @property {Record<string, unknown>} [conditions]
 * @property {unknown} [signed]
 */

/**
 * @typedef {object} RedirectMatch
 * @property {string} to Resolved target: a path (with query string when passed on) or an absolute URL.
 * @property {number} status HTTP status of the rule.
 * @property {boolean} force Whether the matched rule was forced.
 */

/**
 * @typedef {object} MatchRedirectOptions
 * @property {(pathname: string) => boolean} [exists] Whether a static file answers `pathname`;
 *   when true, a non-forced rule does not apply. Defaults to "no file exists".
 * @property {Record<string, string>} [headers] Request headers the engine's conditions read
 *   (`Cookie` for `nf_country` / `nf_lang`, `Accept-Language`).
 */

/**
 * @typedef {object} HeadersForOptions
 * @property {boolean} [platformDefaults] Add Netlify's default Cache-Control where no rule sets one (default true).
 */

/** Thrown for an unreadable, unparsable or invalid netlify.toml; the message names the file and the item. */
export class NetlifyConfigError extends Error {
  /**
   * @param {string} message
   * @param {{ cause?: unknown }} [options]
   */
  constructor(message, options) {
    super(message, options);
    this.name = 'NetlifyConfigError';
  }
}

/**
 * Reads and compiles a netlify.toml file (synchronously).
 * @param {string | URL} path File path or file: URL.
 * @returns {NetlifyConfig}
 * @throws {NetlifyConfigError} When the file cannot be read, is not valid TOML, or a rule is invalid.
 */
export function loadNetlifyConfig(path) {
  const source = typeof path === 'string' ? path : fileURLToPath(path);
  /** @type {string} */
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new NetlifyConfigError(`${source}: cannot read the file (${errorMessage(error)})`, { cause: error });
  }
  return parseNetlifyConfig(text, source);
}

/**
 * Parses and compiles netlify.toml text.
 * @param {string} text TOML source.
 * @param {string} [source] Label used in error messages (default "netlify.toml").
 * @returns {NetlifyConfig}
 * @throws {NetlifyConfigError} When the text is not valid TOML or a rule is invalid.
 */
export function parseNetlifyConfig(text, source = 'netlify.toml') {
  /** @type {Record<string, unknown>} */
  let doc;
  try {
    doc = parse(text);
  } catch (error) {
    const detail = error instanceof TomlError ? `line ${error.line}, column ${error.column}: ${error.message}` : errorMessage(error);
    throw new NetlifyConfigError(`${source}: invalid TOML (${detail})`, { cause: error });
  }

  const build = asTable(doc.build ?? {}, `${source}: [build]`);
  const environment = asTable(build.environment ?? {}, `${source}: [build.environment]`);
  /** @type {Record<string, string>} */
  const env = {};
  for (const [key, value] of Object.entries(environment)) {
    if (typeof value !== 'string') {
      throw new NetlifyConfigError(`${source}: [build.environment] ${key} must be a string (quote it), got ${typeof value}`);
    }
    env[key] = value;
  }

  const command = optionalString(build.command, `${source}: [build] command`);
  const publish = optionalString(build.publish, `${source}: [build] publish`) ?? '.';

  const headers = asArray(doc.headers ?? [], `${source}: headers`).map((raw, index) => compileHeaderRule(raw, `${source}: headers[${index}]`));

  return { source, build: { command, publish, environment: env }, headers };
}

/**
 * Every redirect and rewrite rule Netlify applies, parsed and validated by Netlify's own
 * @netlify/redirect-parser: the `_redirects` files first, then netlify.toml's [[redirects]], each
 * in file order (Netlify's order). A file that does not exist adds no rules.
 * @param {{ configPath?: string, redirectsFiles?: string[] }} sources netlify.toml and `_redirects` paths.
 * @returns {Promise<RedirectRule[]>}
 * @throws {NetlifyConfigError} When a file cannot be parsed or a rule is invalid; the message lists the parser's errors.
 */
export async function loadRedirectRules({ configPath, redirectsFiles = [] }) {
  const sources = [...redirectsFiles, ...(configPath ? [configPath] : [])].join(', ');
  const { redirects, errors } = await parseAllRedirects({ redirectsFiles, netlifyConfigPath: configPath, configRedirects: [], minimal: false });
  return compileRedirects(redirects, errors, `redirect rules in ${sources}`);
}

/**
 * The [[redirects]] of netlify.toml text, parsed and validated by @netlify/redirect-parser (for
 * tests and tools that hold the text rather than a file).
 * @param {string} text TOML source.
 * @param {string} [source] Label used in error messages (default "netlify.toml").
 * @returns {Promise<RedirectRule[]>}
 * @throws {NetlifyConfigError} When the text is not valid TOML or a rule is invalid.
 */
export async function parseRedirectRules(text, source = 'netlify.toml') {
  /** @type {Record<string, unknown>} */
  let doc;
  try {
    doc = parse(text);
  } catch (error) {
    const detail = error instanceof TomlError ? `line ${error.line}, column ${error.column}: ${error.message}` : errorMessage(error);
    throw new NetlifyConfigError(`${source}: invalid TOML (${detail})`, { cause: error });
  }
  // The parser takes netlify.toml's redirects as plain objects (its own file reader does the same).
  const configRedirects = JSON.parse(JSON.stringify(asArray(doc.redirects ?? [], `${source}: redirects`)));
  const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [], configRedirects, minimal: false });
  return compileRedirects(redirects, errors, `${source}: redirects`);
}

/** One engine per rule list (the rules are read once per build). */
const engines = new WeakMap();

/**
 * Netlify's redirect engine over `rules` (made once per list).
 * @param {RedirectRule[]} rules
 * @returns {RedirectsHandler}
 */
function engineFor(rules) {
  let engine = engines.get(rules);
  if (!engine) {
    engine = new RedirectsHandler({
      configRedirects: rules.map(
        (rule) => /** @type {ConstructorParameters<typeof RedirectsHandler>[0]['configRedirects'][number]} */ (/** @type {unknown} */ (rule.parsed)),
      ),
      // The rules are given whole: no `_redirects` file is read by the engine itself.
      projectDir: NO_FILES_DIR,
      publicDir: NO_FILES_DIR,
      jwtRoleClaim: 'app_metadata.authorization.roles',
      jwtSecret: '',
    });
    engines.set(rules, engine);
  }
  return engine;
}

/** A folder that holds no `_redirects` file. */
const NO_FILES_DIR = fileURLToPath(new URL('./.no-redirects-files/', import.meta.url));

/**
 * Finds the redirect or rewrite that applies to a request path, with Netlify's engine.
 * @param {{ redirects: RedirectRule[] }} config The rules, from {@link loadRedirectRules} or {@link parseRedirectRules}.
 * @param {string} pathname Request path as received (percent-encoded), optionally with "?query".
 * @param {MatchRedirectOptions} [options]
 * @returns {Promise<RedirectMatch | null>} The first applicable rule's resolved target, or null.
 */
export async function matchRedirect(config, pathname, options = {}) {
  if (config.redirects.length === 0) return null;
  const url = new URL(pathname, 'http://localhost');
  const match = await engineFor(config.redirects).match(new Request(url, { headers: options.headers }));
  if (!match || match.error) return null;
  if (!match.force && (options.exists ?? (() => false))(url.pathname)) return null;
  const to = match.external ? match.target.href : `${match.target.pathname}${match.target.search}`;
  return { to, status: match.statusCode, force: match.force };
}

/**
 * Every header rule Netlify applies to the publish directory, parsed by Netlify's own
 * @netlify/headers-parser: the `_headers` files first, then netlify.toml's [[headers]], each in
 * file order. A file that does not exist adds no rules.
 * @param {{ configPath?: string, headersFiles?: string[] }} sources netlify.toml and `_headers` paths.
 * @returns {Promise<HeaderRule[]>}
 * @throws {NetlifyConfigError} When a file cannot be read or parsed, or a rule is invalid; the message lists the parser's errors.
 */
export async function loadHeaderRules({ configPath, headersFiles = [] }) {
  const { headers, errors } = await parseAllHeaders({ headersFiles, netlifyConfigPath: configPath, configHeaders: undefined, minimal: false });
  if (errors.length > 0) {
    const sources = [...headersFiles, ...(configPath ? [configPath] : [])].join(', ');
    throw new NetlifyConfigError(`header rules in ${sources}: ${errors.map((error) => error.message).join('; ')}`, { cause: errors[0] });
  }
  return headers.map((rule) => ({ for: rule.for, values: rule.values, pattern: 'forRegExp' in rule ? rule.forRegExp : compileForPattern(rule.for) }));
}

/**
 * Headers Netlify sends for a request path, merged from every matching rule.
 * @param {Pick<NetlifyConfig, 'headers'>} config Header rules: a parsed netlify.toml, or `{ headers: await loadHeaderRules(...) }`.
 * @param {string} pathname Request path (query string ignored).
 * @param {HeadersForOptions} [options]
 * @returns {Record<string, string>} Header name (as first written) to value.
 */
export function headersFor(config, pathname, options = {}) {
  const path = pathname.split('?')[0] ?? pathname;
  /** @type {Map<string, [string, string]>} lower-case name -> [name as written, value] */
  const merged = new Map();
  for (const rule of config.headers) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      const previous = merged.get(key);
      merged.set(key, previous ? [previous[0], `${previous[1]}, ${value}`] : [name, value]);
    }
  }
  if ((options.platformDefaults ?? true) && !merged.has('cache-control')) {
    merged.set('cache-control', ['Cache-Control', NETLIFY_DEFAULT_CACHE_CONTROL]);
  }
  return Object.fromEntries([...merged.values()]);
}

/**
 * Compiles a headers `for` pattern like Netlify does (case-insensitive, optional trailing slash).
 * @param {string} forPath e.g. "/_astro/*", "/*.html", "/:lang/about"
 * @returns {RegExp}
 */
export function compileForPattern(forPath) {
  const body = forPath
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      return part.split('*').map(escapeRegExp).join('(.*)');
    })
    .join('/');
  return new RegExp(`^/${body}/?$`, 'iu');
}

/**
 * Compiles the rules @netlify/redirect-parser normalised, or throws its errors.
 * @param {unknown[]} redirects The parser's rules.
 * @param {unknown[]} errors The parser's errors.
 * @param {string} where Prefix of the error message.
 * @returns {RedirectRule[]}
 * @throws {NetlifyConfigError} When the parser reported errors.
 */
function compileRedirects(redirects, errors, where) {
  if (errors.length > 0) {
    throw new NetlifyConfigError(`${where}: ${errors.map((error) => errorMessage(error)).join('; ')}`, { cause: errors[0] });
  }
  return redirects.map((raw) => compileRedirect(/** @type {NormalisedRedirect} */ (raw)));
}

/**
 * @param {NormalisedRedirect} rule A rule as @netlify/redirect-parser normalised it.
 * @returns {RedirectRule}
 */
function compileRedirect(rule) {
  return { from: rule.from, to: rule.to, status: rule.status ?? NETLIFY_DEFAULT_REDIRECT_STATUS, force: rule.force, parsed: rule };
}

/**
 * @param {unknown} raw
 * @param {string} where
 * @returns {HeaderRule}
 */
function compileHeaderRule(raw, where) {
  const rule = asTable(raw, where);
  const forPath = requiredString(rule.for, `${where}.for`).trim();
  if (!forPath.startsWith('/')) throw new NetlifyConfigError(`${where}.for must be a path starting with "/" (got "${forPath}")`);
  const rawValues = asTable(rule.values ?? {}, `${where}.values`);
  /** @type {Record<string, string>} */
  const values = {};
  for (const [rawName, rawValue] of Object.entries(rawValues)) {
    const name = rawName.trim();
    if (name === '') throw new NetlifyConfigError(`${where}.values has an empty header name`);
    if (typeof rawValue === 'string') {
      values[name] = rawValue
        .trim()
        .split(/\s*,\s*/)
        .join(', ');
    } else if (Array.isArray(rawValue) && rawValue.every((v) => typeof v === 'string')) {
      values[name] = rawValue.map((v) => String(v).trim()).join(', ');
    } else {
      throw new NetlifyConfigError(`${where}.values.${name} must be a string or an array of strings`);
    }
  }
  return { for: forPath, values, pattern: compileForPattern(forPath) };
}

/**
 * @param {string} text
 * @returns {string}
 */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * @param {unknown} value
 * @param {string} where
 * @returns {Record<string, unknown>}
 */
function asTable(value, where) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new NetlifyConfigError(`${where} must be a table`);
  }
  return /** @type {Record<string, unknown>} */ (value);
}

/**
 * @param {unknown} value
 * @param {string} where
 * @returns {unknown[]}
 */
function asArray(value, where) {
  if (!Array.isArray(value)) throw new NetlifyConfigError(`${where} must be an array of tables ([[...]])`);
  return value;
}

/**
 * @param {unknown} value
 * @param {string} where
 * @returns {string}
 */
function requiredString(value, where) {
  if (typeof value !== 'string') throw new NetlifyConfigError(`${where} is required and must be a string`);
  return value;
}

/**
 * @param {unknown} value
 * @param {string} where
 * @returns {string | undefined}
 */
function optionalString(value, where) {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new NetlifyConfigError(`${where} must be a string`);
  return value;
}

/**
 * @param {unknown} error
 * @returns {string}
 */
function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}
