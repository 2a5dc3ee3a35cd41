/**
 * Test helper: the header rules production serves for a small built site — its pages written to a
 * temporary output directory, the build's `_headers` written by the security-headers integration
 * (src/integrations/securityHeaders.ts), then read with netlify.toml through Netlify's own parser
 * (scripts/netlify-config.mjs loadHeaderRules), as scripts/serve.mjs reads them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadHeaderRules, type HeaderRule } from '../../scripts/netlify-config.mjs';
import { createHash } from 'node:crypto';
import { writeSecurityHeaders } from '../../src/integrations/securityHeaders';

/** The project's netlify.toml. */
export const CONFIG_PATH = fileURLToPath(new URL('../../netlify.toml', import.meta.url));

/** The inline script of {@link SAMPLE_PAGE}. */
export const SAMPLE_SCRIPT = '(()=>{document.body.dataset.ready="1"})();';

/** Inline scripts trusted in these tests: {@link SAMPLE_SCRIPT}. */
export const SAMPLE_TRUSTED = { [createHash('sha256').update(SAMPLE_SCRIPT).digest('base64')]: 'the sample page script' };

/** A page with the kinds of inline code Astro emits: a classic script, a style, JSON-LD. */
export const SAMPLE_PAGE = [
  '<!doctype html><html><head><title>Sample</title>',
  '<style>astro-island{display:contents}</style>',
  '<script type="application/ld+json">{"@type":"Thing"}</script>',
  '<script type="module" src="/_astro/page.Ab12Cd34.js"></script>',
  `</head><body><h1>Sample</h1><script>${SAMPLE_SCRIPT}</script></body></html>`,
].join('');

/** What {@link builtSiteHeaders} returns. */
export interface BuiltSiteHeaders {
  /** Every header rule: the generated `_headers`, then netlify.toml. */
  rules: HeaderRule[];
  /** The generated `_headers` text. */
  headersFile: string;
}

/**
 * Builds the header rules of a site made of these files (path → text), trusting the inline
 * scripts `trustedScripts` (digest → note; default {@link SAMPLE_TRUSTED}).
 * @throws When the integration rejects a page (an untrusted inline script, inline code no hash can allow).
 */
export async function builtSiteHeaders(
  files: Record<string, string> = { 'index.html': SAMPLE_PAGE },
  trustedScripts: Readonly<Record<string, string>> = SAMPLE_TRUSTED,
): Promise<BuiltSiteHeaders> {
  const root = mkdtempSync(join(tmpdir(), 'terrace-headers-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    await writeSecurityHeaders(root, { trustedScripts });
    const headersFile = join(root, '_headers');
    const rules = await loadHeaderRules({ configPath: CONFIG_PATH, headersFiles: [headersFile] });
    return { rules, headersFile: readFileSync(headersFile, 'utf8') };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Header lookup by case-insensitive name. */
export function header(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}
