/**
 * The strict Content-Security-Policy and security headers as production serves
 * them: netlify.toml plus the `_headers` the build writes (tests/unit/builtHeaders.ts). One test
 * per protection, each failing when that protection is removed from src/lib/csp.ts, netlify.toml
 * or src/integrations/securityHeaders.ts. Also: the policy builder, the inline-code scanner
 * (checked against a real HTML parser), the build's refusal of inline code no hash can allow, and
 * the parity of our netlify.toml header model with Netlify's own parser.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { headersFor, loadHeaderRules, loadNetlifyConfig } from '../../scripts/netlify-config.mjs';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { keepScriptsExternal, inlineAttributes } from '../../src/integrations/securityHeaders';
import { TRUSTED_INLINE_SCRIPTS } from '../../src/integrations/trustedInlineScripts';
import {
  CSP_REPORT_GROUP,
  CSP_REPORT_PATH,
  contentSecurityPolicy,
  findInlineCode,
  hashSource,
  headersFileText,
  isExecutableScriptType,
  parseContentSecurityPolicy,
} from '../../src/lib/csp';
import { ADVERT_WIDTHS } from '../../src/lib/constants';
import { builtSiteHeaders, CONFIG_PATH, header, SAMPLE_PAGE, SAMPLE_SCRIPT } from './builtHeaders';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
const built = await builtSiteHeaders();
const served = { headers: built.rules };
/** Paths of every kind: pages, the 404 page, bundles, Pagefind's worker, Partytown's service worker, media. */
const PATHS = [
  '/',
  '/news/',
  '/news/some-story',
  '/404.html',
  '/_astro/a.B1c2D3e4.js',
  '/pagefind/pagefind-worker.js',
  '/~partytown/partytown-sw.js',
  '/media/news/a.svg',
];

/** The served policy of a path, parsed. */
function policyOf(path: string): Map<string, string[]> {
  const value = header(headersFor(served, path), 'Content-Security-Policy');
  expect(value, `${path}: Content-Security-Policy`).toBeTruthy();
  return parseContentSecurityPolicy(value ?? '');
}

describe('the served Content-Security-Policy', () => {
  it('is sent once for every kind of path, from the generated _headers only', () => {
    for (const path of PATHS) policyOf(path);
    const fromToml = loadNetlifyConfig(CONFIG_PATH).headers.filter((rule) => Object.keys(rule.values).some((n) => /^content-security-policy/i.test(n)));
    expect(fromToml, 'netlify.toml must not set a second policy').toEqual([]);
    expect(built.headersFile.match(/^\s+Content-Security-Policy:/gm)).toHaveLength(1);
  });

  it('script-src allows no inline script but by hash, and no data:, blob:, eval or wildcard source', () => {
    for (const path of PATHS) {
      const scriptSrc = policyOf(path).get('script-src') ?? [];
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(scriptSrc, path).not.toContain("'unsafe-hashes'");
      for (const source of scriptSrc) expect(source, path).not.toMatch(/^(?:data:|blob:|https?:|\*)/i);
    }
  });

  it("script-src lists the hash of the page's inline script, not of data blocks (JSON-LD)", () => {
    const scriptSrc = policyOf('/').get('script-src') ?? [];
    expect(scriptSrc).toContain(hashSource(sha256(SAMPLE_SCRIPT)));
    expect(scriptSrc).not.toContain(hashSource(sha256('{"@type":"Thing"}')));
  });

  it("script-src keeps 'wasm-unsafe-eval' for Pagefind, also for its worker", () => {
    for (const path of ['/', '/pagefind/pagefind-worker.js']) expect(policyOf(path).get('script-src'), path).toContain("'wasm-unsafe-eval'");
  });

  it('style-src allows inline styles only by hash', () => {
    for (const path of PATHS) {
      const styleSrc = policyOf(path).get('style-src') ?? [];
      expect(styleSrc, path).not.toContain("'unsafe-inline'");
      expect(styleSrc, path).not.toContain("'unsafe-hashes'");
    }
    expect(policyOf('/').get('style-src')).toContain(hashSource(sha256('astro-island{display:contents}')));
  });

  it("object-src is 'none'", () => {
    for (const path of PATHS) expect(policyOf(path).get('object-src'), path).toEqual(["'none'"]);
  });

  it("base-uri is 'none'", () => {
    for (const path of PATHS) expect(policyOf(path).get('base-uri'), path).toEqual(["'none'"]);
  });

  it("frame-ancestors is 'none' and form-action 'self'", () => {
    for (const path of PATHS) {
      expect(policyOf(path).get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(policyOf(path).get('form-action'), path).toEqual(["'self'"]);
    }
  });

  it('reports to the platform API: report-to a group Reporting-Endpoints maps to /api/csp-report, and report-uri', () => {
    for (const path of PATHS) {
      const policy = policyOf(path);
      expect(policy.get('report-uri'), path).toEqual([CSP_REPORT_PATH]);
      const [group] = policy.get('report-to') ?? [];
      expect(group, path).toBe(CSP_REPORT_GROUP);
      const endpoints = header(headersFor(served, path), 'Reporting-Endpoints') ?? '';
      expect(endpoints, path).toContain(`${group}="${CSP_REPORT_PATH}"`);
    }
  });
});

describe('the other security headers', () => {
  it('Strict-Transport-Security: two years, subdomains, preload', () => {
    for (const path of PATHS) {
      const hsts = header(headersFor(served, path), 'Strict-Transport-Security') ?? '';
      const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0);
      expect(maxAge, path).toBeGreaterThanOrEqual(63_072_000);
      expect(hsts, path).toMatch(/;\s*includeSubDomains/i);
      expect(hsts, path).toMatch(/;\s*preload/i);
    }
  });

  it('X-Content-Type-Options nosniff, X-Frame-Options DENY, a Referrer-Policy, a Permissions-Policy, COOP same-origin', () => {
    for (const path of PATHS) {
      const headers = headersFor(served, path);
      expect(header(headers, 'X-Content-Type-Options'), path).toBe('nosniff');
      expect(header(headers, 'X-Frame-Options'), path).toBe('DENY');
      expect(header(headers, 'Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      expect(header(headers, 'Permissions-Policy'), path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(header(headers, 'Cross-Origin-Opener-Policy'), path).toBe('same-origin');
    }
  });
});

describe('contentSecurityPolicy (src/lib/csp)', () => {
  const a = sha256('a');
  const b = sha256('b');

  it('sorts and deduplicates the hashes, so a build gives the same text', () => {
    const one = contentSecurityPolicy({ scripts: [b, a, b], styles: [a] });
    expect(one).toBe(contentSecurityPolicy({ scripts: [a, b], styles: [a, a] }));
    expect(parseContentSecurityPolicy(one).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", ...[a, b].sort().map(hashSource)]);
    expect(parseContentSecurityPolicy(one).get('style-src')).toEqual(["'self'", hashSource(a)]);
  });

  it('refuses what is not a base64 SHA-256 digest', () => {
    expect(() => hashSource("x' 'unsafe-inline")).toThrow(RangeError);
    expect(() => hashSource(createHash('sha384').update('a').digest('base64'))).toThrow(RangeError);
  });

  it('parses a policy: names lower-cased, the first of repeated directives wins', () => {
    const policy = parseContentSecurityPolicy("Script-Src 'self'; ; object-src 'none'; script-src *");
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('writes _headers text and refuses line breaks and bad names', () => {
    expect(headersFileText([{ for: '/*', values: { 'X-A': '1' } }], ['note'])).toBe('# note\n/*\n  X-A: 1\n');
    expect(() => headersFileText([{ for: '/*', values: { 'X-A': '1\n/evil' } }])).toThrow(RangeError);
    expect(() => headersFileText([{ for: '/*', values: { 'X-A: b': '1' } }])).toThrow(RangeError);
    expect(() => headersFileText([{ for: '*', values: {} }])).toThrow(RangeError);
  });

  it('hashes scripts the browser runs, not data blocks', () => {
    for (const type of [undefined, '', 'module', 'text/javascript', ' Text/JavaScript ', 'importmap', 'speculationrules'])
      expect(isExecutableScriptType(type), String(type)).toBe(true);
    for (const type of ['application/json', 'application/ld+json', 'text/partytown', 'text/plain']) expect(isExecutableScriptType(type), type).toBe(false);
  });
});

/** The scripts and styles a real HTML parser (htmlparser2) finds, with the browser's newline normalisation. */
function parsedInlineCode(html: string): { scripts: string[]; styles: string[] } {
  const out = { scripts: [] as string[], styles: [] as string[] };
  let start = -1;
  let executable = false;
  const parser: Parser = new Parser({
    onopentag(name, attributes) {
      if (name !== 'script' && name !== 'style') return;
      start = parser.endIndex + 1;
      executable = name === 'style' || (attributes.src === undefined && isExecutableScriptType(attributes.type));
    },
    onclosetag(name) {
      if ((name !== 'script' && name !== 'style') || start < 0) return;
      if (executable) out[name === 'script' ? 'scripts' : 'styles'].push(html.slice(start, parser.startIndex).replace(/\r\n?/g, '\n'));
      start = -1;
    },
  });
  parser.end(html);
  return out;
}

describe('findInlineCode (src/lib/csp)', () => {
  const tricky = [
    '<!doctype html><html><head>',
    '<!-- <script>commented()</script> -->',
    '<script data-x="a>b" type="module">import("/a.js")</script>',
    "<SCRIPT>var s = '<style>not a style</style>';</SCRIPT>",
    '<script type="application/json">{"a":"</scrip"}</script>',
    '<script src="/x.js" type="module"></script>',
    '<style media="screen">a{color:red}\r\nb{color:blue}</style>',
    '</head><body><p title="&lt;script&gt;x()&lt;/script&gt;">text</p>',
    // Astro escapes only & and " in attribute values: markup inside one is text, not elements.
    '<a href="/" title="Stoke javascript:alert(1)//</script><script>alert(1)</script><style>p{}</style>">home</a>',
    "<p data-x='<script>alert(2)</script>'>single-quoted</p>",
    '<script>\r\nif (a < b && c > d) run();\r\n</script>',
    '</body></html>',
  ].join('\n');

  it('finds what a real HTML parser finds, in order', () => {
    for (const html of [tricky, SAMPLE_PAGE, readFileSync(new URL('../../src/components/FirstPaintHead.astro', import.meta.url), 'utf8')]) {
      const found = findInlineCode(html);
      expect({ scripts: found.scripts, styles: found.styles }).toEqual(parsedInlineCode(html));
    }
  });

  it('normalises CRLF as the browser does before hashing', () => {
    expect(findInlineCode(tricky).styles).toEqual(['a{color:red}\nb{color:blue}']);
  });

  it('lists inline module scripts and the start tags that may carry inline behaviour', () => {
    expect(findInlineCode(tricky).moduleScripts).toEqual(['import("/a.js")']);
    expect(findInlineCode('<p title="playing style = fast">clean</p> one onload = two').suspectTags).toEqual(['<p title="playing style = fast">']);
    for (const html of [
      '<p style="color:red">',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">',
      '<a href="&#106;avascript:alert(1)">',
      '<script onload="x()"></script>',
    ]) {
      expect(findInlineCode(html).suspectTags, html).toHaveLength(1);
    }
    expect(inlineAttributes('<a href="&#106;ava&#x09;script&colon;alert(1)">')).toHaveLength(1);
    expect(inlineAttributes('<p title="playing style = fast"><a href="/javascript:">')).toEqual([]);
  });
});

describe('the build refuses inline code no hash can allow (src/integrations/securityHeaders)', () => {
  const page = (body: string) => `<!doctype html><title>t</title><body>${body}</body>`;

  it.each([
    ['a style attribute', '<span style="width:50%"></span>', /<span style="width:50%">/],
    ['an event-handler attribute', '<img src="/a.png" alt="" onerror="alert(1)">', /<img onerror=/],
    ['a javascript: URL', '<a href=" javascript:alert(1)">x</a>', /<a href=/],
    ['an inline module script', '<script type="module">console.log(1)</script>', /inline <script type="module">/],
  ])('%s', async (_, body, message) => {
    await expect(builtSiteHeaders({ 'index.html': page('<p>ok</p>'), 'news/x/index.html': page(body) })).rejects.toThrow(message);
    await expect(builtSiteHeaders({ 'news/x/index.html': page(body) })).rejects.toThrow(/news\/x\/index\.html/);
  });

  it('accepts markup that is only text inside an attribute value (a hostile club name)', async () => {
    const name = 'Stoke javascript:alert(1)//</script><script>alert(1)</script><img src=x onerror=alert(1)>&quot;><svg onload=alert(1)>';
    await expect(
      builtSiteHeaders({ 'index.html': SAMPLE_PAGE, 'about/index.html': page(`<a href="/" aria-label="${name}" title="${name}">home</a>`) }),
    ).resolves.toBeTruthy();
  });

  it('accepts prose that only looks like inline code, and third-party library pages', async () => {
    const prose = page('<p>Their playing style = fast; one =&gt; two; see javascript: the language</p><pre>onload = go</pre>');
    await expect(builtSiteHeaders({ 'index.html': prose })).resolves.toBeTruthy();
    const library = '<script type="module">lib()</script>';
    await expect(builtSiteHeaders({ 'index.html': page(''), '~partytown/sandbox.html': library }, { [sha256('lib()')]: 'library' })).resolves.toBeTruthy();
    expect(inlineAttributes(prose)).toEqual([]);
  });

  it('refuses an inline script that is not on the trusted list (one that came with content), even on a library page', async () => {
    const injected = page(`<article><p>Match report</p><script>${SAMPLE_SCRIPT.replace('"1"', '"2"')}</script></article>`);
    await expect(builtSiteHeaders({ 'index.html': SAMPLE_PAGE, 'news/report/index.html': injected })).rejects.toThrow(
      /news\/report\/index\.html: inline <script> sha256 .* is not in src\/integrations\/trustedInlineScripts\.ts/,
    );
    await expect(builtSiteHeaders({ 'index.html': SAMPLE_PAGE, '~partytown/sandbox.html': '<script>evil()</script>' })).rejects.toThrow(
      /~partytown\/sandbox\.html/,
    );
  });

  it('keeps processed scripts out of the page (the client router would add a data: script after an inline module)', () => {
    expect(keepScriptsExternal('_astro/Countdown.astro_astro_type_script_index_0_lang.Ab12Cd34.js')).toBe(false);
    expect(keepScriptsExternal('_astro/index.Ab12Cd34.css')).toBeUndefined();
    expect(keepScriptsExternal('_astro/logo.Ab12Cd34.svg')).toBeUndefined();
  });
});

describe('the trusted inline scripts (src/integrations/trustedInlineScripts.ts)', () => {
  it("pin Astro's island runtime of the installed Astro", () => {
    expect(Object.keys(TRUSTED_INLINE_SCRIPTS)).toContain(sha256(islandRuntime));
  });

  it('pin the is:inline script of FirstPaintHead.astro as it reads now', () => {
    const source = readFileSync(new URL('../../src/components/FirstPaintHead.astro', import.meta.url), 'utf8');
    const text = /<script is:inline>([\s\S]*?)<\/script>/.exec(source)?.[1];
    expect(text).toBeDefined();
    expect(Object.keys(TRUSTED_INLINE_SCRIPTS)).toContain(sha256(text ?? ''));
  });

  it('are base64 SHA-256 digests, each with a note', () => {
    for (const [digest, note] of Object.entries(TRUSTED_INLINE_SCRIPTS)) {
      expect(() => hashSource(digest)).not.toThrow();
      expect(note.length, digest).toBeGreaterThan(10);
    }
  });
});

describe('CSS that replaced style attributes', () => {
  it('sets --advert-width per advert size class, as ADVERT_WIDTHS says (spec §9)', () => {
    const css = readFileSync(new URL('../../src/styles/commercial.css', import.meta.url), 'utf8');
    for (const [size, width] of Object.entries(ADVERT_WIDTHS)) {
      expect(css, size).toMatch(new RegExp(`\\.advert-slot--${size}\\s*\\{\\s*--advert-width:\\s*${width}px;`));
    }
  });
});

describe("netlify.toml: our header model agrees with Netlify's parser", () => {
  it('same rules and values as @netlify/headers-parser, matching the same paths', async () => {
    const ours = loadNetlifyConfig(CONFIG_PATH).headers;
    const netlify = await loadHeaderRules({ configPath: CONFIG_PATH });
    expect(ours.map((r) => ({ for: r.for, values: r.values }))).toEqual(netlify.map((r) => ({ for: r.for, values: r.values })));
    const paths = [
      '/',
      '/news',
      '/news/',
      '/404.html',
      '/a/b.html',
      '/_astro/x.js',
      '/_ASTRO/x.js',
      '/media/a.svg',
      '/media/fit-in/1x1/a.svg',
      '/robots.txt',
      '/api/events',
    ];
    for (const path of paths) {
      expect(
        ours.map((r) => r.pattern.test(path)),
        path,
      ).toEqual(netlify.map((r) => r.pattern.test(path)));
    }
  });
});
