/**
 * `npm start` / `npm run serve` bring up the platform with accounts working on the embedded
 * defaults (issue 12 wiring): scripts/serve.mjs, run as a process with no COGNITO_* and no
 * DATABASE_URL, starts cognito-local, the hosted sign-in stand-in and PGlite in LOCAL_STATE_DIR
 * (a temporary folder here), seeds the demo accounts, and serves the API and /auth/callback/ on the
 * site's own origin. A minimal site folder stands in for dist/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/process.mjs';

let folder: string;
let child: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'terrace-serve-platform-'));
  const site = join(folder, 'dist');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Terrace</title><p>home</p>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(site, '_headers'), '');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SERVE_ROOT: site,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOCAL_STATE_DIR: join(folder, 'state'),
    LOG_LEVEL: 'silent',
  };
  for (const name of Object.keys(env))
    if (/^(COGNITO_|DATABASE_URL|TERRACE_DATA_DIR|LOCAL_COGNITO_PORT|LOCAL_OIDC_PORT|E2E_PORT|SITE_URL)/.test(name)) delete env[name];
  child = spawn(process.execPath, ['scripts/serve.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve.mjs exited: ${output}`);
    if (output.includes(`at ${base}/`)) break;
    if (Date.now() > deadline) throw new Error(`serve.mjs did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A fresh PGlite folder initialises in a few seconds, much longer on a loaded machine.
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

describe('scripts/serve.mjs with the local platform', () => {
  it('prints where the stand-ins and the database are', () => {
    expect(output).toMatch(/Cognito \(cognito-local\)\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toMatch(/Hosted sign-in/);
    expect(output).toContain(join(folder, 'state', 'data'));
  });

  it('signs a demo account in through /api on the site origin and knows it afterwards', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'subscriber@terrace.test', password: 'Subscriber-Local-1' }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .filter((c) => !c.startsWith('tr_refresh'));
    const me = await fetch(`${base}/api/authenticated`, { headers: { cookie: cookies.join('; ') } });
    expect(me.status).toBe(200);
    const { user } = (await me.json()) as { user: { userID: string; email: string } };
    expect(user.email).toBe('subscriber@terrace.test');
    const entitlements = await fetch(`${base}/api/users/entitlements/${user.userID}`, { headers: { cookie: cookies.join('; ') } });
    expect(((await entitlements.json()) as { data: { attributes: { entitlements: string[] } } }).data.attributes.entitlements).toContain('subscription-video');
  });

  it('refuses the blocked demo account (platform data seeded)', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'blocked@terrace.test', password: 'Blocked-Local-1' }),
    });
    expect(res.status).toBe(403);
  });

  it('starts a hosted sign-in at the local stand-in and answers /auth/callback/ on the site', async () => {
    const authorize = await fetch(`${base}/api/auth/authorize?provider=Google&returnTo=/news`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const location = new URL(authorize.headers.get('location')!);
    expect(location.pathname).toBe('/oauth2/authorize');
    expect(location.searchParams.get('redirect_uri')).toBe(`${base}/auth/callback/`);
    expect((await fetch(location)).status).toBe(200); // the redirect URI is on the local client's list
    const callback = await fetch(`${base}/auth/callback/?code=x&state=y`, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${base}/account/login?error=invalid_state`);
  });
});
