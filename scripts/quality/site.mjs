// @ts-check
/**
 * The site the quality scripts measure: an already running server (QUALITY_BASE_URL, e.g.
 * http://127.0.0.1:4370), or the production build in QUALITY_DIST (default dist/) served by
 * scripts/serve.mjs (netlify.toml headers, redirects, compression, the platform API function)
 * in a child process on QUALITY_PORT (default: a free port). A child process, so the server's
 * work and logs stay out of the measuring process.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long the local server may take to answer (ms): it starts the local platform stack first. */
const START_TIMEOUT_MS = 180_000;

/**
 * @typedef {object} Site
 * @property {string} baseUrl Without a trailing slash.
 * @property {string} description For logs.
 * @property {() => Promise<void>} close
 */

/** @returns {Promise<number>} A port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** @returns {Promise<Site>} */
export async function openSite() {
  const given = process.env.QUALITY_BASE_URL;
  if (given) {
    const baseUrl = given.replace(/\/+$/, '');
    const res = await fetch(`${baseUrl}/`).catch((error) => {
      throw new Error(`QUALITY_BASE_URL ${baseUrl} does not answer: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (!res.ok) throw new Error(`QUALITY_BASE_URL ${baseUrl}/ answered ${res.status}`);
    return { baseUrl, description: baseUrl, close: async () => {} };
  }
  const root = path.resolve(PROJECT_ROOT, process.env.QUALITY_DIST ?? 'dist');
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html not found: build first (npm run build) or set QUALITY_DIST / QUALITY_BASE_URL`);
  }
  const port = Number(process.env.QUALITY_PORT ?? 0) || (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/serve.mjs')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SERVE_ROOT: root, PORT: String(port), HOST: '127.0.0.1', VERBOSE: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  /** @type {number | null} */
  let exited = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  // serve.mjs brings up the local platform first (Cognito emulator, streams, embedded Postgres):
  // allow what Playwright's webServer allows.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited !== null) throw new Error(`scripts/serve.mjs exited (${exited}) before answering:\n${stderr}`);
    const ok = await fetch(`${baseUrl}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`scripts/serve.mjs did not answer on ${baseUrl} within ${START_TIMEOUT_MS / 1000} s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    description: `${path.relative(PROJECT_ROOT, root) || root} served by scripts/serve.mjs at ${baseUrl}`,
    close: async () => {
      if (exited !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}

/**
 * Formats bytes as KB with one decimal.
 * @param {number} bytes
 */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`;

/**
 * Renders rows as a fixed-width text table.
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 * @param {('l' | 'r')[]} [align]
 */
export function table(head, rows, align = []) {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ r) => r.map((c, i) => (align[i] === 'l' ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/**
 * Median of numbers (mean of the middle two for an even count).
 * @param {number[]} values
 */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  const upper = s[mid] ?? NaN;
  const lower = s[mid - 1] ?? NaN;
  return s.length % 2 ? upper : (lower + upper) / 2;
}
