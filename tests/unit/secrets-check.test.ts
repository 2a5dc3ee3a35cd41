/**
 * scripts/quality/secrets-check.mjs (no secret or internal host in dist/): a
 * clean build folder passes; each kind of secret planted into a temporary copy makes it fail,
 * naming the file, line and rule; the site's own origin and the local CSP wildcard pass; the
 * command exits 1 on a finding and 2 without a folder.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts/quality/secrets-check.mjs';
import { fakeAwsKeyId, fakeStripeKey, fakeWebhookSecret, randomAlnum } from '../support/fakeSecrets';

const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/quality/secrets-check.mjs');
let dir: string;

const CLEAN_PAGE = `<!doctype html><html><head><link rel="canonical" href="http://localhost:4321/news/"><script type="module" src="/_astro/page.js"></script></head>
<body><a href="https://www.stokecity.example/">Home</a><p>Pay by card with Stripe (pk_test_ keys are public).</p></body></html>`;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'terrace-secrets-'));
  await mkdir(path.join(dir, '_astro'));
  await writeFile(path.join(dir, 'index.html'), CLEAN_PAGE);
  await writeFile(path.join(dir, '_astro/page.js'), 'const api="/api/session/check";fetch(api,{method:"POST"});');
  await writeFile(path.join(dir, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'; connect-src 'self' http://127.0.0.1:* http://localhost:*\n");
  await writeFile(path.join(dir, 'feed.ics'), 'BEGIN:VCALENDAR\r\nURL:http://localhost:43\r\n 21/matches/\r\nEND:VCALENDAR\r\n');
  await writeFile(path.join(dir, 'logo.png'), Buffer.from(`${fakeStripeKey('live')} inside a binary`));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const plant = (file: string, text: string) => writeFile(path.join(dir, file), text);
const rules = async (env: Record<string, string> = {}) => (await findSecrets(dir, { env })).map((f) => f.rule);

describe('secrets-check', () => {
  it('passes a clean build: the site origin, the local CSP wildcard, folded iCalendar lines and binary files', async () => {
    expect(await findSecrets(dir, { env: {} })).toEqual([]);
  });

  it('fails on a PEM private key planted in a script, naming file and line', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await plant('_astro/chunk.js', `// build\nconst k = ${JSON.stringify(pem)};`);
    expect(await findSecrets(dir, { env: {} })).toEqual([
      { file: path.join('_astro', 'chunk.js'), line: 2, rule: 'private key (PEM)', excerpt: expect.any(String) },
    ]);
  });

  it.each([
    ['Stripe secret key', `const s="${fakeStripeKey('live')}";`],
    ['Stripe secret key', `key: ${fakeStripeKey('test', 'rk')}`],
    ['Stripe webhook secret', fakeWebhookSecret()],
    ['JSON Web Token', 'token=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJEZW1vUmVwbGF5MDEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ'],
    ['AWS access key id', fakeAwsKeyId()],
    ['AWS secret access key', `aws_secret_access_key = ${randomAlnum(40)}`],
    ['local stand-in host', 'fetch("http://127.0.0.1:9232/v1/checkout/sessions")'],
    ['local stand-in host', 'issuer: "http://localhost:9229/eu-west-2_local"'],
    ['loopback host with a port', 'const db = "http://127.0.0.1:5432/terrace"'],
    ['.terrace state path', 'dataDir: "/work/main/.terrace/platform"'],
  ])('fails on a planted %s', async (rule, text) => {
    await plant('_astro/leak.js', text);
    expect(await rules()).toEqual([rule]);
  });

  it("fails on the value of a secret-like variable of the platform's configuration, and on the stand-in's Stripe key", async () => {
    await plant('page.html', '<meta name="x" content="postgres://terrace:hunter2-long-password@db.internal:5432/terrace">');
    expect(await rules({ DATABASE_URL: 'postgres://terrace:hunter2-long-password@db.internal:5432/terrace' })).toEqual(['value of DATABASE_URL']);
    await plant('page.html', '<p>S3cr3t-site-lock-value</p>');
    expect(await rules({ SITE_LOCK_SECRET: 'S3cr3t-site-lock-value' })).toEqual(['value of SITE_LOCK_SECRET']);
    // Short values are not searched for (they would match anything).
    expect(await rules({ SITE_LOCK_SECRET: 'p' })).toEqual([]);
    // The Stripe stand-in's own key shape (scripts/local/stripe/index.mjs).
    await plant('page.html', fakeStripeKey('test', 'sk', `local_${randomAlnum(24)}`));
    expect(await rules()).toContain('Stripe secret key');
  });

  it('treats SITE_URL as the site origin: a production build must not name localhost:4321', async () => {
    expect(await rules({ SITE_URL: 'https://www.stokecity.example' })).toEqual(['loopback host with a port', 'loopback host with a port']);
  });

  it('exits 1 listing the findings, 0 when clean, 2 without a folder', async () => {
    const clean = await run(process.execPath, [SCRIPT, dir], { env: { PATH: process.env.PATH ?? '' } });
    expect(clean.stdout).toContain('no secret or internal host');
    await plant('_astro/leak.js', fakeWebhookSecret());
    const failed = await run(process.execPath, [SCRIPT, dir], { env: { PATH: process.env.PATH ?? '' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/_astro\/leak\.js:1 {2}Stripe webhook secret/);
    const missing = await run(process.execPath, [SCRIPT, path.join(dir, 'nope')]).catch((error: { code: number }) => error);
    expect(missing).toMatchObject({ code: 2 });
  });
});
