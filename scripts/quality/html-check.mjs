// @ts-check
/**
 * HTML validity gate (`npm run quality:html`): the Nu Html Checker (npm `vnu-jar` on the machine's
 * Java) over every page of the production build as a visitor gets it (assembled from its fragments;
 * fragments are not checked alone), in batches of 1,000 files per JVM run, one run at a time.
 * Fails on any error but Astro's island <style> in <body> (./vnu-report.mjs); CSS findings in
 * inlined stylesheets are listed as warnings. Errors are grouped by message with example pages.
 * Environment: QUALITY_DIST (default dist/), JAVA_HOME (else `java` on PATH).
 * Exit: 0 clean, 1 errors found, 2 the check could not run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOWED_ERROR, formatReport, sortMessages, sourceAt } from './vnu-report.mjs';
import { assembleFile, builtPages } from '../assemble.mjs';
import { ASSEMBLY_MARK } from '../../src/lib/pageAssembly.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.resolve(PROJECT_ROOT, process.env.QUALITY_DIST ?? 'dist');
const BATCH = 1000;
const JAVA = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
const require = createRequire(import.meta.url);
const VNU_JAR = String(require('vnu-jar'));
const VNU_VERSION = String(require('vnu-jar/package.json').version);

/**
 * Runs vnu once over `files` (relative to ROOT).
 * @param {string[]} files
 * @returns {Promise<import('./vnu-report.mjs').VnuMessage[]>}
 * @throws when Java is missing or vnu's output is not its JSON report
 */
function runVnu(files) {
  return new Promise((resolve, reject) => {
    // -Xss: vnu needs at least 512k of thread stack for its schema.
    const args = ['-Xss1m', '-jar', VNU_JAR, '--format', 'json', '--stdout', '--skip-non-html', '--', ...files];
    const child = spawn(JAVA, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    let stderr = '';
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => {
      const hint =
        /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT'
          ? ' (install a Java runtime, on Debian `apt-get install default-jre-headless`, or set JAVA_HOME)'
          : '';
      reject(new Error(`cannot run ${JAVA}: ${error.message}${hint}`));
    });
    child.on('close', (code) => {
      // vnu exits 1 when it reports errors; its JSON is on stdout either way.
      try {
        const report = JSON.parse(Buffer.concat(out).toString('utf8'));
        if (!Array.isArray(report.messages)) throw new Error('no "messages" array');
        resolve(report.messages);
      } catch (error) {
        reject(new Error(`vnu (exit ${code}) gave no JSON report: ${error instanceof Error ? error.message : String(error)}\n${stderr.slice(0, 2000)}`));
      }
    });
  });
}

/**
 * Sets `source` on each finding of the allowed message from its file (read once per page), so
 * the island style is recognised by the page's text rather than vnu's extract window.
 * @param {import('./vnu-report.mjs').VnuMessage[]} messages
 */
async function readSources(messages) {
  /** @type {Map<string, string>} */
  const texts = new Map();
  for (const m of messages) {
    if (m.message !== ALLOWED_ERROR.message || !m.url?.startsWith('file:') || m.lastLine === undefined || m.firstColumn === undefined) continue;
    let text = texts.get(m.url);
    if (text === undefined) {
      text = await readFile(fileURLToPath(m.url), 'utf8');
      texts.set(m.url, text);
    }
    m.source = sourceAt(text, m.firstLine ?? m.lastLine, m.firstColumn);
  }
}

async function main() {
  if (!existsSync(path.join(ROOT, 'index.html'))) {
    throw new Error(`${ROOT}/index.html not found: build first (npm run build) or set QUALITY_DIST`);
  }
  const started = performance.now();
  const pages = await builtPages(ROOT);
  // Assembled pages are checked as served, from a temporary copy (absolute paths; the rest stay relative to ROOT).
  const served = await mkdtemp(path.join(os.tmpdir(), 'terrace-html-check-'));
  /** @type {string[]} */
  const files = [];
  for (const file of pages) {
    const html = await readFile(path.join(ROOT, file), 'utf8');
    if (!html.includes(ASSEMBLY_MARK)) {
      files.push(file);
      continue;
    }
    const copy = path.join(served, file);
    await mkdir(path.dirname(copy), { recursive: true });
    await writeFile(copy, (await assembleFile(ROOT, html)).html);
    files.push(copy);
  }
  /** @type {import('./vnu-report.mjs').VnuMessage[]} */
  const messages = [];
  let runs = 0;
  for (let i = 0; i < files.length; i += BATCH) {
    messages.push(...(await runVnu(files.slice(i, i + BATCH))));
    runs += 1;
  }
  await readSources(messages);
  await rm(served, { recursive: true, force: true });
  const prefixes = [`file:${ROOT}${path.sep}`, `file:${served}${path.sep}`];
  const pageOf = (/** @type {string} */ url) => {
    const prefix = prefixes.find((p) => url.startsWith(p));
    return prefix ? `/${url.slice(prefix.length)}` : url;
  };
  const sorted = sortMessages(messages);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const relative = path.relative(PROJECT_ROOT, ROOT);
  const shown = relative.startsWith('..') ? ROOT : relative || '.';
  console.log(`HTML check (Nu Html Checker ${VNU_VERSION}): ${files.length} page(s) in ${shown}, ${runs} JVM run(s), ${seconds} s`);
  for (const line of formatReport(sorted, pageOf)) console.log(line);
  if (sorted.errors.length > 0) {
    console.error(`HTML check failed: ${sorted.errors.length} error(s)`);
    return 1;
  }
  console.log('HTML check passed');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`HTML check could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
