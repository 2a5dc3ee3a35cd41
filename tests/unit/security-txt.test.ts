/**
 * /.well-known/security.txt (RFC 9116): the static file in public/ has Contact,
 * Expires (after 2026-11-23 and less than a year from it), Preferred-Languages, Canonical and
 * Policy, each once (Contact may repeat) and nothing unknown; its Policy file exists; no
 * netlify.toml redirect or rewrite catches it, so Netlify serves the file with the site's security
 * headers; the local server (scripts/serve.mjs, the same rules) answers it 200 text/plain with
 * them. (That the build copies it: docs/reliability.md, checked on a build.)
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { headersFor, loadNetlifyConfig, loadRedirectRules, matchRedirect } from '../../scripts/netlify-config.mjs';
import { createApp } from '../../scripts/serve.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILE = path.join(ROOT, 'public/.well-known/security.txt');
const REVIEWED = Date.parse('2026-11-23T00:00:00Z');
const YEAR_MS = 365 * 24 * 3600 * 1000;
const KNOWN = new Set(['Contact', 'Expires', 'Preferred-Languages', 'Canonical', 'Policy', 'Encryption', 'Acknowledgments', 'Hiring', 'CSAF']);

/** The fields of a security.txt: name → values (comments and blank lines skipped). */
function fieldsOf(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z-]+):\s*(\S.*)$/.exec(line);
    expect(match, `not a field line: ${line}`).not.toBeNull();
    const [, name, value] = match!;
    fields.set(name!, [...(fields.get(name!) ?? []), value!.trim()]);
  }
  return fields;
}

const root = mkdtempSync(path.join(tmpdir(), 'terrace-security-txt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('security.txt (RFC 9116)', () => {
  const fields = fieldsOf(readFileSync(FILE, 'utf8'));

  it('has every field the review asks for, once (Contact may repeat), and no unknown one', () => {
    for (const name of ['Contact', 'Expires', 'Preferred-Languages', 'Canonical', 'Policy']) expect(fields.get(name)?.length, name).toBeGreaterThan(0);
    for (const [name, values] of fields) {
      expect(KNOWN.has(name), name).toBe(true);
      if (name === 'Expires' || name === 'Preferred-Languages') expect(values, name).toHaveLength(1);
    }
    for (const contact of fields.get('Contact')!) expect(contact).toMatch(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/);
    expect(fields.get('Preferred-Languages')![0]).toMatch(/^[a-z]{2}(-[A-Za-z]+)?(,\s*[a-z]{2}(-[A-Za-z]+)?)*$/);
  });

  it('expires after the review and less than a year from it (renew it yearly)', () => {
    const expires = fields.get('Expires')![0]!;
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const at = Date.parse(expires);
    expect(at).toBeGreaterThan(REVIEWED);
    expect(at - REVIEWED).toBeLessThanOrEqual(YEAR_MS);
  });

  it('names its canonical https address at /.well-known/security.txt and a Policy that ships beside it', () => {
    expect(fields.get('Canonical')![0]).toMatch(/^https:\/\/[^/]+\/\.well-known\/security\.txt$/);
    const policy = new URL(fields.get('Policy')![0]!);
    expect(policy.protocol).toBe('https:');
    expect(existsSync(path.join(ROOT, 'public', policy.pathname))).toBe(true);
  });

  it('is served by Netlify as the file itself, with the security headers (no redirect catches it)', async () => {
    const redirects = { redirects: await loadRedirectRules({ configPath: path.join(ROOT, 'netlify.toml') }) };
    for (const file of ['/.well-known/security.txt', '/.well-known/security-policy.txt']) {
      expect(await matchRedirect(redirects, file, { exists: () => true }), file).toBeNull();
      expect(await matchRedirect(redirects, file, { exists: () => false }), file).toBeNull();
      const headers = headersFor(loadNetlifyConfig(path.join(ROOT, 'netlify.toml')), file);
      expect(headers['X-Content-Type-Options'], file).toBe('nosniff');
      expect(headers['Strict-Transport-Security'], file).toContain('max-age=');
    }
  });

  it('is answered 200 text/plain with the security headers by the local server', async () => {
    cpSync(path.join(ROOT, 'public/.well-known'), path.join(root, '.well-known'), { recursive: true });
    const app = createApp({ root, verbose: false });
    for (const file of ['/.well-known/security.txt', '/.well-known/security-policy.txt']) {
      const res = await app.request(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/^text\/plain(;|$)/);
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), file).toBe('DENY');
    }
    expect(await (await app.request('/.well-known/security.txt')).text()).toBe(readFileSync(FILE, 'utf8'));
  });
});
