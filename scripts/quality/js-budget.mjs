// @ts-check
/**
 * JavaScript and CSS budget (`npm run quality:budget`; docs/performance.md "Quality gates"):
 * loads one URL per page template (./templates.mjs) in Debian Chromium with no interaction, at a
 * phone and a desktop viewport, recording the JS and CSS fetched and inlined (raw, gzip, sent).
 * Gates (quality/budgets.json "browser"): each template within `tolerance` of its budget; the
 * article's JS ≤ articleJsGzipMax; on aimTemplates ≤ aimJsFiles files at once and ≤ aimJsGzip
 * bytes (failing beyond aimJsGzipSlack over).
 * Environment: QUALITY_BASE_URL or QUALITY_DIST, QUALITY_TEMPLATES, CHROME_PATH. Flags: --record
 * writes the figures as the budgets; --json prints JSON too.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { kb, openSite, PROJECT_ROOT, table } from './site.mjs';
import { selectedTemplates } from './templates.mjs';

const BUDGETS_FILE = path.join(PROJECT_ROOT, 'quality/budgets.json');
const RECORD = process.argv.includes('--record');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VIEWPORTS = /** @type {const} */ ({
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
});

/**
 * @typedef {object} Sizes
 * @property {number} files
 * @property {number} raw decoded bytes
 * @property {number} gzip bytes after gzip -6
 * @property {number} transfer encoded body bytes on the wire
 */
/**
 * @typedef {object} Measure
 * @property {Sizes} js external scripts
 * @property {{ scripts: number, raw: number, gzip: number }} inlineJs
 * @property {{ sheets: number, raw: number, gzip: number }} inlineCss <style> elements of the page
 * @property {number} cssGzipTotal external + inline gzip
 * @property {Sizes} css
 * @property {number} jsGzipTotal external + inline gzip
 * @property {string[]} jsUrls
 */

const gz = (/** @type {Buffer | string} */ b) => gzipSync(b, { level: 6 }).byteLength;
const empty = () => ({ files: 0, raw: 0, gzip: 0, transfer: 0 });

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {number} expectedStatus
 * @param {keyof typeof VIEWPORTS} viewport
 * @returns {Promise<Measure>}
 */
async function measure(browser, url, expectedStatus, viewport) {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], serviceWorkers: 'block' });
  const page = await context.newPage();
  /** @type {Promise<void>[]} */
  const pending = [];
  const js = empty();
  const css = empty();
  /** @type {string[]} */
  const jsUrls = [];
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const type = (response.headers()['content-type'] ?? '').split(';')[0]?.trim() ?? '';
        const kind = /javascript|ecmascript/.test(type) ? js : type === 'text/css' ? css : null;
        if (!kind || response.status() >= 300) return;
        const body = await response.body().catch(() => null);
        if (!body) return;
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        kind.files += 1;
        kind.raw += body.byteLength;
        kind.gzip += gz(body);
        kind.transfer += sizes ? sizes.responseBodySize : body.byteLength;
        if (kind === js) jsUrls.push(new URL(response.url()).pathname);
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (response?.status() !== expectedStatus) throw new Error(`${url} answered ${response?.status()}, expected ${expectedStatus}`);
  await page.waitForLoadState('networkidle');
  // Let client:idle islands (requestIdleCallback) and anything they import settle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 2000 })));
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => s instanceof HTMLScriptElement)
      .filter((s) => !s.type || /^(module|text\/javascript|application\/javascript)$/i.test(s.type))
      .map((s) => s.textContent ?? ''),
  );
  const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent ?? ''));
  await context.close();
  const inlineJs = { scripts: inline.length, raw: inline.reduce((s, t) => s + Buffer.byteLength(t), 0), gzip: inline.length ? gz(inline.join('\n')) : 0 };
  const inlineCss = { sheets: styles.length, raw: styles.reduce((s, t) => s + Buffer.byteLength(t), 0), gzip: styles.length ? gz(styles.join('\n')) : 0 };
  return { js, inlineJs, css, inlineCss, jsGzipTotal: js.gzip + inlineJs.gzip, cssGzipTotal: css.gzip + inlineCss.gzip, jsUrls };
}

async function main() {
  const budgets = JSON.parse(await readFile(BUDGETS_FILE, 'utf8'));
  const gates = budgets.browser;
  const tolerance = Number(gates.tolerance ?? 0.1);
  const templates = selectedTemplates();
  const site = await openSite();
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  /** @type {{ template: import('./templates.mjs').TemplateUrl, viewport: keyof typeof VIEWPORTS, m: Measure }[]} */
  const results = [];
  try {
    console.log(`JS/CSS before interaction: ${site.description}`);
    for (const template of templates) {
      for (const viewport of /** @type {(keyof typeof VIEWPORTS)[]} */ (Object.keys(VIEWPORTS))) {
        results.push({ template, viewport, m: await measure(browser, site.baseUrl + template.path, template.status, viewport) });
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }

  const rows = results.map(({ template, viewport, m }) => [
    template.label,
    viewport,
    m.js.files,
    kb(m.js.raw),
    kb(m.js.gzip),
    kb(m.js.transfer),
    `${m.inlineJs.scripts}/${kb(m.inlineJs.raw)}/${kb(m.inlineJs.gzip)}`,
    kb(m.jsGzipTotal),
    `${m.css.files}+${m.inlineCss.sheets}`,
    kb(m.css.raw + m.inlineCss.raw),
    kb(m.cssGzipTotal),
    kb(m.css.transfer),
    budgetCell(gates.templates?.[template.name]?.[viewport]?.jsGzip),
  ]);
  console.log(
    '\nKB = 1024 bytes. raw = decoded; gzip = gzip -6 of each file; sent = bytes on the wire (brotli); inline = <script> in the HTML (count/raw/gzip); CSS includes the <style> sheets in the HTML\n',
  );
  console.log(
    table(
      [
        'template',
        'viewport',
        'JS files',
        'JS raw',
        'JS gzip',
        'JS sent',
        'inline JS n/raw/gzip',
        'JS gzip total',
        'CSS files+inline',
        'CSS raw',
        'CSS gzip',
        'CSS sent',
        'JS budget',
      ],
      rows,
      ['l', 'l'],
    ),
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));

  /** @type {string[]} */
  const failures = [];
  const articleMax = Number(gates.articleJsGzipMax ?? 102400);
  const aim = Number(gates.aimJsGzip ?? 20480);
  const aimFiles = Number(gates.aimJsFiles ?? 8);
  const aimSlack = Number(gates.aimJsGzipSlack ?? 0);
  const aimTemplates = /** @type {string[]} */ (gates.aimTemplates ?? ['article', 'news', 'fixtures']);
  console.log(`\nArchitecture aim: ≤ ${kb(aim)} KB JS (gzip) in ≤ ${aimFiles} files before interaction on ${aimTemplates.join(', ')}:`);
  for (const { template, viewport, m } of results) {
    if (aimTemplates.includes(template.name)) {
      const over = m.jsGzipTotal - aim;
      console.log(
        `  ${template.name.padEnd(9)} ${viewport.padEnd(7)} ${kb(m.jsGzipTotal).padStart(6)} KB in ${m.js.files} files: ${over <= 0 ? `within the aim (${kb(-over)} KB to spare)` : `${kb(over)} KB over the aim (${((m.jsGzipTotal / aim) * 100).toFixed(0)}% of it)`}`,
      );
      if (over > aimSlack)
        failures.push(
          `${template.name} (${template.path}, ${viewport}): JS ${kb(m.jsGzipTotal)} KB gzip > the aim of ${kb(aim)} KB + ${kb(aimSlack)} KB slack (${m.jsUrls.join(', ')})`,
        );
      if (m.js.files > aimFiles)
        failures.push(`${template.name} (${template.path}, ${viewport}): ${m.js.files} JS files > the aim of ${aimFiles} (${m.jsUrls.join(', ')})`);
    }
    if (template.name === 'article' && m.jsGzipTotal > articleMax) {
      failures.push(`article (${template.path}, ${viewport}): JS ${kb(m.jsGzipTotal)} KB gzip > ${kb(articleMax)} KB`);
    }
    const recorded = gates.templates?.[template.name]?.[viewport];
    if (!recorded) {
      if (!RECORD) failures.push(`${template.name} (${viewport}): no recorded budget in quality/budgets.json (run with --record)`);
      continue;
    }
    for (const [label, got, budget] of /** @type {const} */ ([
      ['JS gzip', m.jsGzipTotal, recorded.jsGzip],
      ['CSS gzip', m.cssGzipTotal, recorded.cssGzip],
    ])) {
      // A budget of 0 (no JS recorded) allows up to 1 KB before failing, so tiny additions are visible but not noise.
      const limit = Math.max(budget * (1 + tolerance), budget === 0 ? 1024 : 0);
      if (got > limit)
        failures.push(
          `${template.name} (${template.path}, ${viewport}): ${label} ${kb(got)} KB > budget ${kb(budget)} KB +${Math.round(tolerance * 100)}% (${m.jsUrls.join(', ')})`,
        );
    }
  }

  if (RECORD) {
    // Re-read the file and replace only the recorded figures, so edits made meanwhile survive.
    const fresh = JSON.parse(await readFile(BUDGETS_FILE, 'utf8'));
    fresh.browser.templates ??= {};
    for (const { template, viewport, m } of results) {
      fresh.browser.templates[template.name] ??= {};
      fresh.browser.templates[template.name][viewport] = {
        jsGzip: m.jsGzipTotal,
        jsRaw: m.js.raw + m.inlineJs.raw,
        cssGzip: m.cssGzipTotal,
        cssRaw: m.css.raw + m.inlineCss.raw,
        jsFiles: m.js.files,
        cssFiles: m.css.files,
      };
    }
    fresh.browser.recorded = new Date().toISOString().slice(0, 10);
    await writeFile(BUDGETS_FILE, `${JSON.stringify(fresh, null, 2)}\n`);
    console.log(`\nrecorded the figures above as the budgets in quality/budgets.json`);
  }

  if (failures.length) {
    console.log(`\nJS/CSS budget FAILED (${failures.length}):`);
    for (const f of failures) console.log(`  ✗ ${f}`);
    process.exitCode = 1;
  } else {
    console.log('\nJS/CSS budget passed.');
  }
}

/** @param {number | undefined} bytes */
function budgetCell(bytes) {
  return bytes === undefined ? '-' : kb(bytes);
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
