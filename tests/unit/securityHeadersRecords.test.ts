/**
 * The CSP scan's per-page records (src/integrations/securityHeaders.ts, issue 16): on an incremental
 * build a page hard-linked from the previous build takes its recorded scan, and any other file is
 * read again, so a changed page's inline style always reaches the policy.
 */
import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSecurityHeaders } from '../../src/integrations/securityHeaders';

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
