/**
 * `scripts/serve.mjs` as a child process over a minimal site folder (index.html, 404.html, an empty
 * _headers) in a temporary folder, with no COGNITO_*, DATABASE_URL or stand-in ports from the
 * environment, so it starts its own local platform in `<folder>/state`. `startServe(env)` resolves
 * once its output shows it listening (the local platform takes up to ~3 minutes on a loaded
 * machine); `stop()` ends it and removes the folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/local/process.mjs';

/** A running local server. */
export interface ServeProcess {
  base: string;
  folder: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Variables that would point the server at parts other than its own local platform. */
const INHERITED =
  /^(COGNITO_|DATABASE_URL|TERRACE_DATA_DIR|LOCAL_COGNITO_PORT|LOCAL_OIDC_PORT|LOCAL_STREAM_PORT|LOCAL_STRIPE_PORT|E2E_PORT|SITE_URL|PLAYBACK_|STREAM_)/;

/** Starts serve.mjs with `env` added; waits until it prints `at <base>/` and then `readyText` when given. */
export async function startServe(env: NodeJS.ProcessEnv = {}, readyText?: string): Promise<ServeProcess> {
  const folder = mkdtempSync(join(tmpdir(), 'terrace-serve-'));
  const site = join(folder, 'dist');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Terrace</title><p>home</p>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(site, '_headers'), '');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(childEnv)) if (INHERITED.test(name)) delete childEnv[name];
  Object.assign(childEnv, { SERVE_ROOT: site, PORT: String(port), HOST: '127.0.0.1', LOCAL_STATE_DIR: join(folder, 'state'), LOG_LEVEL: 'silent' }, env);
  const child = spawn(process.execPath, ['scripts/serve.mjs'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve.mjs exited: ${output}`);
    if (output.includes(`at ${base}/`) && (!readyText || output.includes(readyText))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`serve.mjs did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, folder, output: () => output, stop };
}
