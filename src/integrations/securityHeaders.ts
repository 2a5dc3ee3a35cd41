import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Parser } from 'htmlparser2';
import { Worker } from 'node:worker_threads';
import { contentSecurityPolicy, findInlineCode, headersFileText, streamConnectSources } from '../lib/csp.ts';
import { TRUSTED_INLINE_SCRIPTS } from './trustedInlineScripts.ts';
import { buildRecordFile, fileIdentity, isRecordedFile, readPageRecords, type FileIdentity } from './renderPlan.ts';
import { WholeFileReader } from './wholeFileReader.ts';

/**
 * The strict Content-Security-Policy of the static site (docs/security-headers.md), computed at
 * build time into `<outDir>/_headers`, which Netlify applies beside netlify.toml's static headers.
 * - astro:config:setup: processed <script>s are always bundled files, never inlined (the client
 *   router would add a `data:` module script after an inline one, which the policy refuses);
 * - astro:build:done: scans every .html file and hashes the inline code. Inline scripts must be on
 *   the pinned list (./trustedInlineScripts.ts); inline styles are allowed by hash; style="",
 *   on*="", javascript: URLs and inline module scripts fail the build. Files under
 *   {@link LIBRARY_DIRS} (third-party, verbatim) are held to the script list only.
 */

/** Output folders of third-party HTML copied as is (Partytown's sandbox page). */
const LIBRARY_DIRS = ['~partytown/'];

/** Above this size (bytes) the policy header is logged as a warning: some proxies cap header lines at 8 KB. */
const POLICY_WARN_BYTES = 6 * 1024;

/** What the scan of a build found. */
export interface BuildScan {
  /** Base64 SHA-256 digests of the executable inline scripts. */
  scriptHashes: Set<string>;
  /** Base64 SHA-256 digests of the inline styles. */
  styleHashes: Set<string>;
  /** HTML files scanned. */
  pages: number;
  /** One line per problem the policy would block, e.g. `news/index.html: <span style="width:50%">`. */
  problems: string[];
}

/** Options of {@link writeSecurityHeaders}. */
export interface SecurityHeadersOptions {
  /** Digest → note of the inline scripts allowed (default {@link TRUSTED_INLINE_SCRIPTS}). */
  trustedScripts?: Readonly<Record<string, string>>;
  /**
   * Per-page scan records: `next` is written with this build's; a page that is the same file (same
   * inode, size and mtime: a hard link) as in `previous` takes its recorded scan.
   */
  scans?: { previous?: string; next: string };
}

/** What one page holds: digests of its trusted scripts and of its styles, and its problems. */
interface PageScan {
  scripts: string[];
  styles: string[];
  problems: string[];
}

/** A page's scan with the identity of the file it was read from. */
type RecordedScan = PageScan & FileIdentity;

/** The worker thread that scans the build (src/integrations/securityHeadersWorker.ts). */
const WORKER = new URL('./securityHeadersWorker.ts', import.meta.url);

/** What the scan's worker answers: the scan and policy, or the error's message. */
export type ScanOutcome = { ok: true; scan: BuildScan; policy: string } | { ok: false; message: string };

/**
 * {@link writeSecurityHeaders} in a worker thread, so that the main thread can do something else
 * meanwhile (the sitemap reads its pages beside it). Resolves with the outcome; never rejects.
 * @param site The output directory (absolute path).
 * @param scans The per-page scan records ({@link SecurityHeadersOptions.scans}).
 */
export function writeSecurityHeadersInWorker(site: string, scans: SecurityHeadersOptions['scans']): Promise<ScanOutcome> {
  const worker = new Worker(WORKER, { workerData: { site, scans } });
  return new Promise<ScanOutcome>((resolve) => {
    worker.once('message', (outcome: ScanOutcome) => resolve(outcome));
    worker.once('error', (error) => resolve({ ok: false, message: `the CSP scan's worker failed: ${error.message}` }));
    worker.once('exit', (code) => resolve({ ok: false, message: `the CSP scan's worker ended (exit code ${code}) without an answer` }));
  });
}

/**
 * The Astro integration (last in astro.config.mjs, after every page and library file is written).
 * Its `astro:build:done` starts the scan in a worker thread; the `terrace:security-headers-done`
 * integration it appends after the others (after @astrojs/sitemap, which reads every page's head
 * on the main thread meanwhile) waits for it, logs the policy and fails the build on a problem.
 * At 30,000 articles the two took 20–23 s one after the other, and take 14–15 s side by side.
 */
export function securityHeaders(): AstroIntegration {
  let cacheDir = '';
  let root = '';
  let scanning: Promise<ScanOutcome> | undefined;
  const done: AstroIntegration = {
    name: 'terrace:security-headers-done',
    hooks: {
      'astro:build:done': async ({ logger }) => {
        const outcome = await scanning;
        scanning = undefined;
        if (!outcome) throw new Error('the CSP scan never started (terrace:security-headers did not run its astro:build:done)');
        if (!outcome.ok) throw new Error(outcome.message);
        const { scan, policy } = outcome;
        const size = Buffer.byteLength(policy);
        const summary = `Content-Security-Policy with ${scan.scriptHashes.size} script and ${scan.styleHashes.size} style hashes from ${scan.pages} pages (${size} bytes) → _headers`;
        if (size > POLICY_WARN_BYTES) logger.warn(`${summary}: the header is getting long`);
        else logger.info(summary);
      },
    },
  };
  return {
    name: 'terrace:security-headers',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: { build: { assetsInlineLimit: keepScriptsExternal } },
          integrations: [done],
        });
      },
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ dir }) => {
        const site = fileURLToPath(dir);
        // An incremental build (src/integrations/renderPlan.ts) links unchanged pages from the
        // previous build: their scan is taken from that build's record instead of read again.
        const from = process.env.INCREMENTAL_FROM;
        scanning = writeSecurityHeadersInWorker(site, {
          previous: from ? buildRecordFile(cacheDir, path.resolve(root, from), 'csp-scan') : undefined,
          next: buildRecordFile(cacheDir, site, 'csp-scan'),
        });
      },
    },
  };
}

/**
 * Scans a built site and writes its `_headers` with the Content-Security-Policy.
 * @param site The output directory (absolute path).
 * @param options The trusted inline scripts.
 * @returns The scan and the policy written.
 * @throws {Error} When a page holds an inline script not on the trusted list, or inline code no
 *   hash can allow (the message lists up to 20).
 */
export async function writeSecurityHeaders(site: string, options: SecurityHeadersOptions = {}): Promise<{ scan: BuildScan; policy: string }> {
  const scan = await scanBuild(site, options.trustedScripts ?? TRUSTED_INLINE_SCRIPTS, options.scans);
  if (scan.problems.length > 0) {
    const shown = scan.problems.slice(0, 20).join('\n  ');
    const more = scan.problems.length > 20 ? `\n  … and ${scan.problems.length - 20} more` : '';
    throw new Error(`inline code the Content-Security-Policy must not allow (docs/security-headers.md says what to do instead):\n  ${shown}${more}`);
  }
  const policy = contentSecurityPolicy({ scripts: scan.scriptHashes, styles: scan.styleHashes }, { connectSources: streamConnectSources(process.env) });
  await writeHeadersFile(site, policy, scan);
  return { scan, policy };
}

/**
 * Vite's `build.assetsInlineLimit` as a function: never inline a JavaScript chunk into the page
 * (Astro inlines small processed scripts as `<script type="module">`), the default 4 KB rule for
 * everything else (undefined).
 * @param file Output file name, e.g. "_astro/Countdown.astro_astro_type_script_index_0_lang.Ab12.js".
 */
export function keepScriptsExternal(file: string): false | undefined {
  return /\.[cm]?js$/.test(file) ? false : undefined;
}

/**
 * Scans every .html file under a built site.
 * @param site The output directory (absolute path).
 */
async function scanBuild(site: string, trusted: Readonly<Record<string, string>>, records?: SecurityHeadersOptions['scans']): Promise<BuildScan> {
  // Synchronous: Node's asynchronous recursive readdir took 5.2 s over a 30,000-article output
  // (115,000 files) against 1.6 s for this, and nothing else runs while the scan does.
  const files = readdirSync(site, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .sort();
  const scan: BuildScan = { scriptHashes: new Set(), styleHashes: new Set(), pages: files.length, problems: [] };
  const previous = readPageRecords<RecordedScan>(records?.previous);
  const next: Record<string, RecordedScan> = {};
  const reader = new WholeFileReader(256 * 1024);
  for (const f of files) {
    const file = f.split(path.sep).join('/');
    const full = path.join(site, f);
    const known = previous[file];
    // An unchanged page (a hard link from the previous build) is only stat-ed; any other is read once.
    let page: RecordedScan;
    if (known && isRecordedFile(known, statSync(full))) page = known;
    else {
      const { bytes, info } = reader.read(full);
      page = { ...scanPage(file, bytes.toString('utf8'), trusted), ...fileIdentity(info) };
      // The scan runs after every page is written: a page that reads longer or shorter than its
      // stat is being written by something else, and its hashes may not be the ones served.
      if (bytes.length !== info.size) page.problems.push(`${file}: changed while it was scanned (${bytes.length} bytes read, ${info.size} in its stat)`);
    }
    next[file] = page;
    for (const digest of page.scripts) scan.scriptHashes.add(digest);
    for (const digest of page.styles) scan.styleHashes.add(digest);
    scan.problems.push(...page.problems);
  }
  if (records) {
    await mkdir(path.dirname(records.next), { recursive: true });
    await writeFile(records.next, JSON.stringify(next));
  }
  return scan;
}

/**
 * One page's inline code.
 * @param file Path relative to the output directory, with "/" separators.
 * @param html The page.
 * @param trusted Digests of the inline scripts allowed.
 */
function scanPage(file: string, html: string, trusted: Readonly<Record<string, string>>): PageScan {
  const page: PageScan = { scripts: [], styles: [], problems: [] };
  const found = findInlineCode(html);
  for (const text of found.scripts) {
    const digest = sha256(text);
    if (Object.hasOwn(trusted, digest)) page.scripts.push(digest);
    else page.problems.push(`${file}: inline <script> sha256 ${digest} (${excerpt(text)}) is not in src/integrations/trustedInlineScripts.ts`);
  }
  for (const text of found.styles) page.styles.push(sha256(text));
  if (LIBRARY_DIRS.some((dir) => file.startsWith(dir))) return page;
  for (const text of found.moduleScripts) {
    page.problems.push(`${file}: inline <script type="module"> (${excerpt(text)}): the client router would run a data: script the policy blocks`);
  }
  if (found.suspectTags.length > 0) page.problems.push(...inlineAttributes(found.suspectTags.join('')).map((problem) => `${file}: ${problem}`));
  return page;
}

/**
 * Inline behaviour found by a real HTML parser (character references decoded): style attributes,
 * on* event-handler attributes and javascript: URLs, each as a short start-tag excerpt.
 * @param html A start tag, or any HTML.
 */
export function inlineAttributes(html: string): string[] {
  const problems: string[] = [];
  let tag = '';
  const parser = new Parser({
    onopentagname(name) {
      tag = name;
    },
    onattribute(name, value) {
      // As the URL parser reads it: leading C0 controls and spaces, and tabs and newlines anywhere, do not count.
      const url = value
        .slice(0, 64)
        // eslint-disable-next-line no-control-regex -- exactly the URL Standard's 'C0 control or space' set, which the parser strips.
        .replace(/^[\u0000-\u0020]+|[\t\n\r]/g, '')
        .toLowerCase();
      if (name === 'style' || /^on[a-z]+$/.test(name) || url.startsWith('javascript:')) {
        problems.push(`<${tag} ${name}="${value.length > 40 ? `${value.slice(0, 40)}…` : value}">`);
      }
    },
  });
  parser.end(html);
  return problems;
}

/** The first characters of some code, on one line. */
function excerpt(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

/** Base64 SHA-256 of a text's UTF-8 bytes (the digest a CSP hash source carries). */
function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/**
 * Writes `<site>/_headers` with the policy for every path, keeping any rules already there (a
 * `public/_headers` copied by Astro) after it.
 */
async function writeHeadersFile(site: string, policy: string, scan: BuildScan): Promise<void> {
  const file = path.join(site, '_headers');
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const text = headersFileText(
    [{ for: '/*', values: { 'Content-Security-Policy': policy } }],
    [
      'Written by src/integrations/securityHeaders.ts at build time; do not edit.',
      `The policy allows the ${scan.scriptHashes.size} inline scripts and ${scan.styleHashes.size} inline styles of this build by hash.`,
      'The other security headers are in netlify.toml.',
    ],
  );
  await writeFile(file, existing ? `${text}\n${existing}` : text);
}
