/**
 * The site's Content-Security-Policy as pure functions, for the build
 * (src/integrations/securityHeaders.ts) and the tests (docs/security-headers.md):
 * {@link contentSecurityPolicy} from the SHA-256 digests of every inline script and style (no
 * 'unsafe-inline', no data: scripts, no 'strict-dynamic'; reports to {@link CSP_REPORT_PATH});
 * {@link findInlineCode} a document's inline code and behaviour no hash can allow;
 * {@link parseContentSecurityPolicy}; {@link headersFileText} for Netlify's `_headers`.
 */

/** Where browsers post violation reports: the platform API's endpoint (src/platform). */
export const CSP_REPORT_PATH = '/api/csp-report';

/** Reporting API group named by `report-to`; the Reporting-Endpoints header (netlify.toml) maps it to {@link CSP_REPORT_PATH}. */
export const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Every directive except the hashes. script-src keeps 'self' (bundled /_astro modules, the
 * Pagefind and Partytown runtimes) and 'wasm-unsafe-eval' (Pagefind compiles its WebAssembly
 * index, on the page and in its worker). blob: media and workers are for MSE video (hls.js);
 * data: images are inline SVG placeholders. frame-src falls back to default-src 'self', which
 * admits Partytown's same-origin sandbox iframe.
 */
const BASE_DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['media-src', ["'self'", 'blob:']],
  ['worker-src', ["'self'", 'blob:']],
  ['manifest-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
  ['report-uri', [CSP_REPORT_PATH]],
  ['report-to', [CSP_REPORT_GROUP]],
];

/** Inputs of {@link contentSecurityPolicy}: base64 SHA-256 digests (no "sha256-" prefix) of inline code. */
export interface InlineHashes {
  /** Digests of the text of every executable inline `<script>` (see {@link isExecutableScriptType}). */
  scripts: Iterable<string>;
  /** Digests of the text of every inline `<style>`. */
  styles: Iterable<string>;
}

/**
 * The Content-Security-Policy header value for the whole site. One policy serves every page:
 * the client router (astro:transitions) keeps the first page's policy while it swaps in others,
 * so each page's inline code must be allowed everywhere. Hashes are sorted and deduplicated, so
 * the same build gives the same text.
 * @param hashes Base64 SHA-256 digests of the inline scripts and styles.
 * @param options connectSources: extra connect-src and media-src origins (the stream hosts, {@link streamConnectSources}).
 * @returns e.g. "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-…'; …; report-to csp-endpoint"
 * @throws {RangeError} When a digest is not base64 of 32 bytes, or a connect source is not an http(s) origin.
 */
export function contentSecurityPolicy(hashes: InlineHashes, options: { connectSources?: readonly string[] } = {}): string {
  const sources = (digests: Iterable<string>) => [...new Set(digests)].sort().map(hashSource);
  const connect = [...new Set(options.connectSources ?? [])].sort();
  for (const source of connect) if (!CONNECT_SOURCE.test(source)) throw new RangeError(`not an http(s) origin for connect-src: "${source}"`);
  const extra: Record<string, string[]> = {
    'script-src': sources(hashes.scripts),
    'style-src': sources(hashes.styles),
    'connect-src': connect,
    'media-src': connect,
  };
  return BASE_DIRECTIVES.map(([name, values]) => [name, ...values, ...(extra[name] ?? [])].join(' ')).join('; ');
}

/** An http(s) origin with an optional port or port wildcard, as a connect-src source. */
const CONNECT_SOURCE = /^https?:\/\/[a-z0-9.-]+(?::(?:\d{1,5}|\*))?$/;

/**
 * The origins the players fetch streams and licences from (hls.js and shaka-player load
 * manifests, segments and DRM licences with fetch/XHR, which connect-src governs; the video's
 * caption `<track>`s load from the stream host too, which media-src governs): the origins of
 * STREAM_HOST_URL and STREAM_LICENCE_URL when the build's environment sets them (Mux:
 * https://stream.mux.com, https://license.mux.com), else the local stream host, which listens on
 * loopback on a port chosen at start (`http://127.0.0.1:*`, `http://localhost:*`).
 * @throws {RangeError} When a set variable is not an http(s) URL.
 */
export function streamConnectSources(env: { STREAM_HOST_URL?: string; STREAM_LICENCE_URL?: string }): string[] {
  const set = [env.STREAM_HOST_URL, env.STREAM_LICENCE_URL].filter((v): v is string => Boolean(v && v.trim()));
  if (set.length === 0) return ['http://127.0.0.1:*', 'http://localhost:*'];
  return [
    ...new Set(
      set.map((value) => {
        const url = new URL(value.trim());
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`not an http(s) URL: "${value}"`);
        return url.origin;
      }),
    ),
  ];
}

/**
 * A CSP hash source for a base64 SHA-256 digest.
 * @param digest 44 characters of standard base64 (32 bytes), e.g. from `createHash('sha256').digest('base64')`.
 * @returns "'sha256-<digest>'"
 * @throws {RangeError} When the digest is not base64 of 32 bytes.
 */
export function hashSource(digest: string): string {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(digest)) throw new RangeError(`not a base64 SHA-256 digest: "${digest}"`);
  return `'sha256-${digest}'`;
}

/**
 * A policy text as an ordered map of directive name (lower case) to its source list. The first
 * of repeated directives wins, as in browsers.
 * @param policy One serialized policy, e.g. "default-src 'self'; object-src 'none'".
 */
export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, values);
  }
  return directives;
}

/** MIME types (essence) HTML runs as classic script (WHATWG HTML "JavaScript MIME type"). */
const JAVASCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/**
 * Whether a `<script>` with this type attribute is checked against script-src: classic scripts,
 * modules, import maps and speculation rules. Other types (application/json, application/ld+json,
 * text/partytown) are data blocks the browser never runs, so they need no hash.
 * @param type The type attribute's value, or undefined when absent.
 */
export function isExecutableScriptType(type: string | undefined): boolean {
  if (type === undefined) return true;
  const essence = type.trim().toLowerCase();
  return essence === '' || essence === 'module' || essence === 'importmap' || essence === 'speculationrules' || JAVASCRIPT_TYPES.has(essence);
}

/** What {@link findInlineCode} found in one document. */
export interface InlineCode {
  /** Text of each executable inline script, exactly as the browser hashes it (line breaks normalised to \n). */
  scripts: string[];
  /** Text of each inline `<style>`, likewise. */
  styles: string[];
  /** Inline module scripts (type="module" without src), likewise. */
  moduleScripts: string[];
  /**
   * Start tags (their source text) that may carry a style attribute, an on* event-handler
   * attribute or a javascript: URL — inline behaviour no hash can allow. A cheap textual test that
   * can be a false alarm (such text inside an attribute value, an entity that is not one); confirm
   * each tag with a real HTML parser before reporting.
   */
  suspectTags: string[];
}

/**
 * One token of serialized HTML that matters here: a comment, or a start tag with its name and
 * attribute text (quoted values may hold ">" and "<": Astro escapes only `&` and `"` in
 * attribute values). Text between tags is skipped by the search itself.
 */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
/** In a start tag's attribute text: something that may be a style or on* attribute or a javascript: URL (maybe written with character references). */
const INLINE_ATTRIBUTE = /\s(?:style|on[a-z]+)\s*=|javascript:|&#|&colon;/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const SRC_ATTRIBUTE = /(?:^|\s)src(?:\s*=|\s|\/|$)/i;
const END_TAGS = { script: /<\/script[\s/>]/gi, style: /<\/style[\s/>]/gi } as const;

/**
 * The inline scripts and styles of one serialized HTML document, in a single linear pass over its
 * tags (a full HTML parse of every page would add about a minute to a 30,000-article build; the
 * unit tests check the result against htmlparser2). Scripts with a src attribute are external;
 * scripts of a data-block type are skipped.
 * @param html A complete document as written to dist/.
 */
export function findInlineCode(html: string): InlineCode {
  const found: InlineCode = { scripts: [], styles: [], moduleScripts: [], suspectTags: [] };
  const tokens = new RegExp(TOKEN.source, TOKEN.flags);
  let match: RegExpExecArray | null;
  while ((match = tokens.exec(html))) {
    const name = match[1];
    if (name === undefined) continue;
    const attributes = match[2] ?? '';
    if (attributes !== '' && INLINE_ATTRIBUTE.test(attributes)) found.suspectTags.push(match[0]);
    const element = name.toLowerCase();
    if (element !== 'script' && element !== 'style') continue;
    const textStart = tokens.lastIndex;
    const endTag = new RegExp(END_TAGS[element].source, END_TAGS[element].flags);
    endTag.lastIndex = textStart;
    const end = endTag.exec(html)?.index ?? html.length;
    tokens.lastIndex = end;
    const text = normaliseNewlines(html.slice(textStart, end));
    if (element === 'style') {
      found.styles.push(text);
      continue;
    }
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const typeMatch = TYPE_ATTRIBUTE.exec(attributes);
    const type = typeMatch ? (typeMatch[1] ?? typeMatch[2] ?? typeMatch[3] ?? '') : undefined;
    if (!isExecutableScriptType(type)) continue;
    found.scripts.push(text);
    if (type?.trim().toLowerCase() === 'module') found.moduleScripts.push(text);
  }
  return found;
}

/** HTML input preprocessing: CRLF and lone CR become LF before anything is hashed. */
function normaliseNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** One `_headers` rule: a path pattern and the headers sent for it. */
export interface HeadersFileRule {
  /** Path pattern, e.g. "/*". */
  for: string;
  /** Header name → value (one line each; no line breaks). */
  values: Record<string, string>;
}

/**
 * Netlify `_headers` file text: each rule's path on its own line, then its headers indented.
 * @param rules The rules, in order.
 * @param comment Lines written first as `#` comments.
 * @throws {RangeError} When a path, name or value contains a line break, or a name a colon.
 */
export function headersFileText(rules: readonly HeadersFileRule[], comment: readonly string[] = []): string {
  const lines = comment.map((line) => `# ${line}`.trimEnd());
  for (const rule of rules) {
    if (!rule.for.startsWith('/') || /[\r\n]/.test(rule.for)) throw new RangeError(`bad _headers path: ${JSON.stringify(rule.for)}`);
    lines.push(rule.for);
    for (const [name, value] of Object.entries(rule.values)) {
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new RangeError(`bad header name: ${JSON.stringify(name)}`);
      if (/[\r\n]/.test(value) || value.trim() === '') throw new RangeError(`bad value for ${name}: ${JSON.stringify(value)}`);
      lines.push(`  ${name}: ${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
