// @ts-check
/**
 * No secret or internal host in what ships (`npm run quality:secrets`; docs/reliability.md): scans
 * every text file of a build (default dist/) for PEM private keys, Stripe `sk_`/`rk_`/`whsec_`
 * values, JWTs, AWS keys, the local stand-ins' loopback addresses and `.terrace/` paths, and the
 * values (8 characters or more) of the secret-like variables named in src/platform/env.ts,
 * src/streaming/server/streamingConfig.ts and .env.example; iCalendar lines are unfolded first.
 * Usage: node scripts/quality/secrets-check.mjs [buildDir]. Exit 0 clean, 1 findings (file, line,
 * rule), 2 bad usage. `findSecrets(dir, { env })` is exported for the unit test.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Extensions never scanned (binary). */
const BINARY = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.ico',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.mp4',
  '.m4s',
  '.mp3',
  '.aac',
  '.wasm',
  '.pdf',
  '.zip',
  '.gz',
  '.br',
  '.pf_fragment',
  '.pf_index',
  '.pf_meta',
  '.pagefind',
]);

/** The fixed rules: a name and a pattern (global). */
export const RULES = [
  { name: 'private key (PEM)', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/g },
  { name: 'Stripe secret key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9_]{6,}/g },
  { name: 'Stripe webhook secret', pattern: /\bwhsec_[A-Za-z0-9_]{6,}/g },
  { name: 'JSON Web Token', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { name: 'AWS secret access key', pattern: /aws_secret_access_key\s*[=:]\s*\S+/gi },
  { name: 'local stand-in host', pattern: /(?:127\.0\.0\.1|localhost|\[::1\]):(?:9229|9230|9231|9232)\b/g },
  { name: 'loopback host with a port', pattern: /\b(?:127\.0\.0\.1|localhost):\d{2,5}\b/g },
  { name: '.terrace state path', pattern: /(?:^|[/\\\s"'`])\.terrace[/\\]/g },
];

/** Names of secret-like variables. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|CREDENTIAL|^DATABASE_URL$/;

/**
 * The secret-like variable names of the platform's configuration (env.ts, src/streaming/server/streamingConfig.ts,
 * .env.example) and the local defaults env.ts publishes for them.
 * @returns {Promise<{ names: string[]; defaults: string[] }>}
 */
export async function secretNames() {
  const names = new Set();
  const defaults = [];
  for (const file of ['src/platform/env.ts', 'src/streaming/server/streamingConfig.ts', '.env.example']) {
    const text = await readFile(path.join(ROOT, file), 'utf8').catch(() => '');
    for (const match of text.matchAll(/\b([A-Z][A-Z0-9_]{3,})\b/g)) if (SECRET_NAME.test(match[1] ?? '')) names.add(match[1]);
    if (file.endsWith('env.ts')) for (const match of text.matchAll(/export const LOCAL_STRIPE_\w+ = '([^']+)'/g)) defaults.push(match[1] ?? '');
  }
  return { names: [...names].sort(), defaults: defaults.filter(Boolean) };
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* filesOf(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else if (entry.isFile() && !BINARY.has(path.extname(entry.name).toLowerCase())) yield full;
  }
}

/**
 * @typedef {{ file: string; line: number; rule: string; excerpt: string }} Finding
 */

/**
 * Every finding in `dir`. `env` (default process.env) gives the values of the secret-like variables
 * and SITE_URL, the site's own origin.
 * @param {string} dir
 * @param {{ env?: Record<string, string | undefined> }} [options]
 * @returns {Promise<Finding[]>}
 */
export async function findSecrets(dir, options = {}) {
  const env = options.env ?? process.env;
  const { names, defaults } = await secretNames();
  const siteHost = new URL(env.SITE_URL || 'http://localhost:4321').host;
  /** @type {{ name: string; value: string }[]} */
  const values = [];
  for (const name of names) {
    const value = env[name];
    if (typeof value === 'string' && value.trim().length >= 8) values.push({ name: `value of ${name}`, value: value.trim() });
    // A multi-key variable (PLAYBACK_SIGNING_KEYS `kid:key,…`): each key alone too.
    if (typeof value === 'string' && name.endsWith('_KEYS')) {
      for (const part of value.split(',')) {
        const key = part.slice(part.indexOf(':') + 1).trim();
        if (key.length >= 24 && key !== value.trim()) values.push({ name: `value of ${name}`, value: key });
      }
    }
  }
  for (const value of defaults) values.push({ name: 'local default secret of env.ts', value });
  /** @type {Finding[]} */
  const findings = [];
  for await (const file of filesOf(dir)) {
    const raw = await readFile(file, 'utf8');
    const text = file.endsWith('.ics') ? raw.replace(/\r?\n[ \t]/g, '') : raw;
    const lineOf = (/** @type {number} */ index) => text.slice(0, index).split('\n').length;
    const excerpt = (/** @type {number} */ index, /** @type {number} */ length) => text.slice(index, index + Math.min(length, 24)).replace(/\s+/g, ' ');
    const relative = path.relative(dir, file);
    for (const rule of RULES) {
      for (const match of text.matchAll(rule.pattern)) {
        if (rule.name === 'loopback host with a port' && match[0] === siteHost) continue;
        findings.push({ file: relative, line: lineOf(match.index ?? 0), rule: rule.name, excerpt: excerpt(match.index ?? 0, match[0].length) });
      }
    }
    for (const { name, value } of values) {
      let index = text.indexOf(value);
      while (index !== -1) {
        findings.push({ file: relative, line: lineOf(index), rule: name, excerpt: `${value.slice(0, 4)}…` });
        index = text.indexOf(value, index + value.length);
      }
    }
  }
  // A stand-in's address is also a loopback address with a port: report it once.
  const standIn = new Set(findings.filter((f) => f.rule === 'local stand-in host').map((f) => `${f.file}:${f.line}:${f.excerpt}`));
  return findings.filter((f) => !(f.rule === 'loopback host with a port' && standIn.has(`${f.file}:${f.line}:${f.excerpt}`)));
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`secrets-check: no build directory at ${dir} (build first, or name one)`);
    process.exit(2);
  }
  const findings = await findSecrets(dir);
  if (findings.length === 0) {
    console.log(`secrets-check: no secret or internal host in ${path.relative(process.cwd(), dir) || '.'}`);
    return;
  }
  for (const f of findings) console.error(`${f.file}:${f.line}  ${f.rule}  (${f.excerpt})`);
  console.error(`secrets-check: ${findings.length} finding(s) in ${dir}`);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
