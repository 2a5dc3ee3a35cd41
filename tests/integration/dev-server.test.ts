/**
 * `npm run dev` (`astro dev`) starts clean and serves assembled pages. Vite's dependency scan reads
 * each .astro file's script elements with a pattern, not a parser: a comment that spells a script
 * tag in a component made it fail on every start ("Failed to run dependency scan. Skipping
 * dependency pre-bundling"), which a newcomer sees as an error. The dev server also assembles
 * pages from their fragments itself (src/integrations/devPageAssembly.ts).
 *
 * Astro allows one dev server per project: with one already running (`npm run dev`), this test
 * fails saying so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

let dev: ChildProcess | undefined;
let output = '';
afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check()` holds, polling every 200 ms, or fails after `ms` with the dev server's output. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    if (dev?.exitCode !== null) throw new Error(`astro dev exited (${String(dev?.exitCode)}) before ${what}:\n${output.slice(-3000)}`);
    await sleep(200);
  }
  throw new Error(`no ${what} within ${ms} ms:\n${output.slice(-3000)}`);
}

describe('astro dev', () => {
  it('starts without an error and serves the home page and an assembled article', async () => {
    const port = await freePort();
    // As `npm run dev` runs it: not in Vitest's test environment (NODE_ENV=test, VITEST=true).
    const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FEED_BASELINE: 'none', NODE_ENV: 'development' };
    for (const name of Object.keys(env)) if (/^(VITEST|TEST$)/.test(name)) delete env[name];
    delete env.TERRACE_CONTENT_DIR;
    delete env.CONTENT_API_URL;
    delete env.ASTRO_CACHE_DIR;
    dev = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port), '--host', '127.0.0.1'], { env });
    // Colours stripped: CI forces them on, and they split the lines matched below.
    dev.stdout?.on('data', (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString())));
    dev.stderr?.on('data', (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString())));
    await waitFor('ready line', () => /ready in \d+/.test(output), 90_000);

    const base = `http://127.0.0.1:${port}`;
    const home = await fetch(`${base}/`);
    expect(home.status, output.slice(-2000)).toBe(200);
    const article = await fetch(`${base}/news/academy-duo-sign-first-professional-contracts/`);
    expect(article.status).toBe(200);
    const html = await article.text();
    // Assembled: the site header's fragment is in the page, no include directive is left.
    expect(html).toContain('Academy duo sign first professional contracts');
    expect(html).not.toContain('<!--terrace:include');
    expect(html).toContain('class="site-header');

    // Vite's dependency scan runs right after the ready line; give it time to report.
    await sleep(3000);
    expect(output).not.toContain('Failed to run dependency scan');
    expect(output.split('\n').filter((line) => /\[ERROR\]/.test(line))).toEqual([]);
  }, 180_000);
});
