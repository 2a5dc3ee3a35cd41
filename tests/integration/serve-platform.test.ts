/**
 * `npm start` / `npm run serve` bring up the platform with accounts working on the embedded
 * defaults: scripts/serve.mjs, run as a process with no COGNITO_* and no
 * DATABASE_URL, starts cognito-local, the hosted sign-in stand-in and PGlite in LOCAL_STATE_DIR
 * (a temporary folder here), seeds the demo accounts, and serves the API and /auth/callback/ on the
 * site's own origin. A minimal site folder stands in for dist/.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../support/serveProcess';

let server: ServeProcess;
let base: string;

beforeAll(async () => {
  server = await startServe();
  base = server.base;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('scripts/serve.mjs with the local platform', () => {
  it('prints where the stand-ins and the database are', () => {
    expect(server.output()).toMatch(/Cognito \(cognito-local\)\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(server.output()).toMatch(/Hosted sign-in/);
    expect(server.output()).toContain(join(server.folder, 'state', 'data'));
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
