/**
 * The CSP scan's per-page records (src/integrations/securityHeaders.ts): on an incremental
 * build a page hard-linked from the previous build takes its recorded scan, and any other file is
 * read again, so a changed page's inline style always reaches the policy.
 */
import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { securityHeaders, writeSecurityHeaders, writeSecurityHeadersInWorker } from '../../src/integrations/securityHeaders';

let root: string;
/** A digest recorded for a page that no page holds. */
const RECORDED = createHash('sha256').update('recorded only', 'utf8').digest('base64');
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
const page = (css: string) => `<!doctype html><html><head><style>${css}</style></head><body><p>x</p></body></html>`;
const policyOf = async (site: string) => readFile(path.join(site, '_headers'), 'utf8');

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'csp-records-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('CSP scan of a page being written', () => {
  it('fails the scan naming a page that reads longer than its stat', async () => {
    const site = path.join(root, 'site');
    await mkdir(path.join(site, 'a'), { recursive: true });
    await writeFile(path.join(site, 'a/index.html'), page('.a{color:red}'));
    // A /proc file stands in for a page another process is still writing: its stat says 0 bytes.
    await symlink('/proc/self/status', path.join(site, 'growing.html'));
    await expect(writeSecurityHeaders(site)).rejects.toThrow(/growing\.html: changed while it was scanned \(\d+ bytes read, 0 in its stat\)/);
  });
});

describe('CSP scan records', () => {
  it('reuses the scan of a hard-linked page and reads a rewritten one again', async () => {
    const first = path.join(root, 'one');
    await mkdir(path.join(first, 'a'), { recursive: true });
    await writeFile(path.join(first, 'a/index.html'), page('.a{color:red}'));
    await writeSecurityHeaders(first, { scans: { next: path.join(root, 'one.json') } });
    expect(await policyOf(first)).toContain(styleHash('.a{color:red}'));

    // Next build: page a hard-linked (unchanged), page b new.
    const second = path.join(root, 'two');
    await mkdir(path.join(second, 'a'), { recursive: true });
    await mkdir(path.join(second, 'b'), { recursive: true });
    await link(path.join(first, 'a/index.html'), path.join(second, 'a/index.html'));
    await writeFile(path.join(second, 'b/index.html'), page('.b{color:blue}'));
    // The record, not the file, speaks for the linked page: prove it by recording another style for it.
    const records = JSON.parse(await readFile(path.join(root, 'one.json'), 'utf8')) as Record<string, { styles: string[] }>;
    records['a/index.html']!.styles = [RECORDED];
    await writeFile(path.join(root, 'one.json'), JSON.stringify(records));
    await writeSecurityHeaders(second, { scans: { previous: path.join(root, 'one.json'), next: path.join(root, 'two.json') } });
    const policy = await policyOf(second);
    expect(policy).toContain(`'sha256-${RECORDED}'`);
    expect(policy).toContain(styleHash('.b{color:blue}'));

    // A third build rewrites page a (a new file at the same path): it is read again.
    const third = path.join(root, 'three');
    await mkdir(path.join(third, 'a'), { recursive: true });
    await writeFile(path.join(third, 'a/index.html'), page('.a{color:green}'));
    await writeSecurityHeaders(third, { scans: { previous: path.join(root, 'two.json'), next: path.join(root, 'three.json') } });
    expect(await policyOf(third)).toContain(styleHash('.a{color:green}'));
    expect(await policyOf(third)).not.toContain(RECORDED);
  });
});

describe('the CSP scan in its worker thread (how a build runs it)', () => {
  it('writes the policy and answers with the scan', async () => {
    const site = path.join(root, 'site');
    await mkdir(path.join(site, 'a'), { recursive: true });
    await writeFile(path.join(site, 'a/index.html'), page('.a{color:red}'));
    const outcome = await writeSecurityHeadersInWorker(site, { next: path.join(root, 'scan.json') });
    expect(outcome.ok && [outcome.scan.pages, [...outcome.scan.styleHashes]]).toEqual([
      1,
      [createHash('sha256').update('.a{color:red}', 'utf8').digest('base64')],
    ]);
    expect(await policyOf(site)).toContain(styleHash('.a{color:red}'));
    expect(JSON.parse(await readFile(path.join(root, 'scan.json'), 'utf8'))).toHaveProperty('a/index.html');
  });
  it('answers with the reason when a page holds what the policy must not allow', async () => {
    const site = path.join(root, 'bad');
    await mkdir(path.join(site, 'b'), { recursive: true });
    await writeFile(path.join(site, 'b/index.html'), '<!doctype html><html><body><p style="color:red">x</p></body></html>');
    const outcome = await writeSecurityHeadersInWorker(site, { next: path.join(root, 'bad.json') });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toContain('b/index.html: <p style="color:red">');
  });
});

describe('the integration, hook by hook as a build calls them', () => {
  /** Runs the integration's hooks over a built site: its own build:done starts the scan, the appended one waits for it. */
  async function build(site: string): Promise<string[]> {
    const integration = securityHeaders();
    const appended: AstroIntegration[] = [];
    const hooks = integration.hooks as Record<string, (params: unknown) => unknown>;
    await hooks['astro:config:setup']?.({ updateConfig: (update: { integrations?: AstroIntegration[] }) => appended.push(...(update.integrations ?? [])) });
    await hooks['astro:config:done']?.({ config: { cacheDir: pathToFileURL(path.join(root, 'cache/')), root: pathToFileURL(`${root}/`) } });
    const lines: string[] = [];
    const logger = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    await hooks['astro:build:done']?.({ dir: pathToFileURL(`${site}/`), logger });
    expect(appended.map((i) => i.name)).toEqual(['terrace:security-headers-done']);
    await (appended[0]?.hooks['astro:build:done'] as ((params: unknown) => Promise<void>) | undefined)?.({ dir: pathToFileURL(`${site}/`), logger });
    return lines;
  }
  it('logs the policy once the scan is done', async () => {
    const site = path.join(root, 'site');
    await mkdir(site, { recursive: true });
    await writeFile(path.join(site, 'index.html'), page('.a{color:red}'));
    expect(await build(site)).toEqual([expect.stringMatching(/^Content-Security-Policy with 0 script and 1 style hashes from 1 pages/)]);
    expect(await policyOf(site)).toContain(styleHash('.a{color:red}'));
  });
  it('fails the build on a page the policy must not allow', async () => {
    const site = path.join(root, 'bad');
    await mkdir(site, { recursive: true });
    await writeFile(path.join(site, 'index.html'), '<!doctype html><html><body><a href="javascript:alert(1)">x</a></body></html>');
    await expect(build(site)).rejects.toThrow(/index\.html: <a href="javascript:alert\(1\)">/);
  });
});
