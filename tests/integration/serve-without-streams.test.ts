/**
 * `npm start` without its stream host says so: scripts/serve.mjs with LOCAL_STREAM_HOST=off prints
 * what is missing and what to do beside its URLs, and the session check of a signed-in subscriber
 * answers 503 streaming_unavailable (the players' connect failure) instead of a manifest URL that
 * nothing serves. A failed generation (no ffmpeg) gives the same, with ffmpeg's own remedy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/process.mjs';
import { startLocalStreams } from '../../scripts/local/streams/index.mjs';

let folder: string;
let child: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'terrace-no-streams-'));
  const site = join(folder, 'dist');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Terrace</title><p>home</p>');
  writeFileSync(join(site, '_headers'), '');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SERVE_ROOT: site,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOCAL_STATE_DIR: join(folder, 'state'),
    LOCAL_STREAM_HOST: 'off',
    LOG_LEVEL: 'silent',
  };
  for (const name of Object.keys(env))
    if (/^(COGNITO_|DATABASE_URL|TERRACE_DATA_DIR|LOCAL_COGNITO_PORT|LOCAL_OIDC_PORT|LOCAL_STRIPE_PORT|E2E_PORT|SITE_URL|PLAYBACK_|STREAM_)/.test(name))
      delete env[name];
  child = spawn(process.execPath, ['scripts/serve.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve.mjs exited: ${output}`);
    if (output.includes('! Videos')) break;
    if (Date.now() > deadline) throw new Error(`serve.mjs did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

describe('npm start without the stream host', () => {
  it('says at start what is missing, what it breaks and what to do', () => {
    expect(output).toMatch(/Stream host \(playback tokens\)\s+not running \(see below\)/);
    expect(output).toContain(
      '! Videos and live audio will not play: the local stream host is not running: it is turned off (LOCAL_STREAM_HOST=off). Unset LOCAL_STREAM_HOST to serve the demo streams.',
    );
  });

  it("answers a subscriber's session check with 503 streaming_unavailable, not a manifest nobody serves", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'subscriber@terrace.test', password: 'Subscriber-Local-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .join('; ');
    const check = await fetch(`${base}/api/session/check`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { attributes: { videoID: '0_0cgsiva', mediaType: 'OnDemand' } } }),
    });
    expect(check.status).toBe(503);
    expect(((await check.json()) as { error: { code: string } }).error.code).toBe('streaming_unavailable');
  });
});

describe('startLocalStreams when the streams cannot be generated', () => {
  it('starts no host, hands out no signing key and names the remedy (no ffmpeg)', async () => {
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = join(folder, 'no-such-ffmpeg');
    try {
      const streams = await startLocalStreams({ stateDir: join(folder, 'keys'), streamsDir: join(folder, 'streams'), port: 0, quiet: true });
      expect(streams.url).toBeUndefined();
      expect(streams.env).toEqual({});
      expect(streams.problem).toEqual({
        reason: 'ffmpeg not found',
        remedy: 'Run `npm install` (it installs @ffmpeg-installer/ffmpeg) or set FFMPEG_PATH, then restart.',
      });
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });
});
