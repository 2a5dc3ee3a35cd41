// @ts-check
/**
 * Pure helpers of the HTML check (scripts/quality/html-check.mjs): sort the Nu Html Checker's
 * JSON messages (`java -jar vnu.jar --format json`) into errors, the one allowed exception,
 * warnings and infos, group them by message and format the report. No I/O, so the filter that
 * decides what fails CI is unit-tested (tests/unit/html-check.test.ts).
 */

/**
 * One message of vnu's JSON output (https://github.com/validator/validator/wiki/Output-»-JSON).
 * @typedef {object} VnuMessage
 * @property {string} type 'error' | 'info' | 'non-document-error'
 * @property {string} [subType] 'fatal' (error), 'warning' (info), 'io' | 'schema' | 'internal'
 * @property {string} [url] file:/abs/path of the checked file
 * @property {string} message
 * @property {string} [extract] source around the problem
 * @property {number} [firstLine] absent when the finding starts on lastLine
 * @property {number} [lastLine]
 * @property {number} [firstColumn]
 * @property {string} [source] the page's text from where the finding starts (set by the check
 *   from the file: vnu's extract window may stop anywhere, even right after `<style>`)
 */

/**
 * The one allowed error: Astro puts the islands' `<style>astro-island,astro-slot,…{display:contents}</style>`
 * in <body> right before the first island, and HTML only allows <style> in <body> as the first
 * child of its parent. Matched by its exact message and the style's start in the extract, so
 * any other misplaced <style> still fails.
 */
export const ALLOWED_ERROR = {
  message: 'A “style” element in “body” must be the first child of its parent.',
  /** The style's opening text; vnu's extract window may end anywhere inside it ('<style>ast'). */
  extract: '<style>astro-island,',
  why: 'Astro island <style> in <body>',
};

/** vnu's prefix for findings of its CSS validator (in <style> and style attributes): listed, not gated. */
export const CSS_MESSAGE_PREFIX = 'CSS: ';

/**
 * The page's text from 1-based `line` and `column` (vnu's firstLine or lastLine, firstColumn),
 * `length` characters long; '' when the position is outside the text.
 * @param {string} text
 * @param {number} line
 * @param {number} column
 * @param {number} [length]
 */
export function sourceAt(text, line, column, length = 40) {
  let start = 0;
  for (let l = 1; l < line; l += 1) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return '';
  }
  return text.slice(start + column - 1, start + column - 1 + length);
}

/**
 * Whether vnu's extract (a window of about 20 characters around the error) shows Astro's island
 * style: `<style>` followed by the start of its rule, as far as the window reaches.
 * @param {string} extract
 */
function showsIslandStyle(extract) {
  const at = extract.indexOf('<style>');
  if (at < 0) return false;
  const rest = extract.slice(at);
  return rest.length > '<style>'.length && (ALLOWED_ERROR.extract.startsWith(rest) || rest.startsWith(ALLOWED_ERROR.extract));
}

/**
 * @param {VnuMessage} m
 * @returns {'error' | 'allowed' | 'warning' | 'info'} errors (including fatal and
 *   non-document errors such as unreadable files) fail the check; 'allowed' is ALLOWED_ERROR.
 */
export function classify(m) {
  if (m.type === 'info') return m.subType === 'warning' ? 'warning' : 'info';
  // The CSS the build inlines into <style>: vnu's CSS validator predates view transitions,
  // `plus-lighter` and `line-clamp`; as external files these sheets were never validated.
  if (m.type === 'error' && m.message.startsWith(CSS_MESSAGE_PREFIX)) return 'warning';
  if (m.type === 'error' && m.message === ALLOWED_ERROR.message) {
    const shown = m.source === undefined ? showsIslandStyle(m.extract ?? '') : m.source.startsWith(ALLOWED_ERROR.extract);
    if (shown) return 'allowed';
  }
  return 'error';
}

/**
 * Message text to group by: the values vnu quotes from the page (bad attribute values, the
 * offending text) are replaced by “…”, so e.g. one srcset mistake on 40 pages is one group.
 * @param {string} message
 */
export function groupKey(message) {
  return message.replace(/(Bad value|found|at) “[^”]*”/g, '$1 “…”');
}

/**
 * @typedef {object} Group
 * @property {string} message grouping key (see groupKey)
 * @property {number} count messages in the group
 * @property {string[]} pages distinct pages, in order of first appearance
 * @property {VnuMessage} example first message
 */

/**
 * Groups messages by groupKey, most frequent first.
 * @param {VnuMessage[]} messages
 * @param {(url: string) => string} pageOf maps a message's url to a short page name
 * @returns {Group[]}
 */
export function groupMessages(messages, pageOf) {
  /** @type {Map<string, Group>} */
  const groups = new Map();
  for (const m of messages) {
    const key = groupKey(m.message);
    let group = groups.get(key);
    if (!group) {
      group = { message: key, count: 0, pages: [], example: m };
      groups.set(key, group);
    }
    group.count += 1;
    const page = pageOf(m.url ?? '');
    if (!group.pages.includes(page)) group.pages.push(page);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.message.localeCompare(b.message));
}

/**
 * @typedef {object} Sorted
 * @property {VnuMessage[]} errors
 * @property {VnuMessage[]} allowed
 * @property {VnuMessage[]} warnings
 * @property {VnuMessage[]} infos
 */

/**
 * @param {VnuMessage[]} messages
 * @returns {Sorted}
 */
export function sortMessages(messages) {
  /** @type {Sorted} */
  const sorted = { errors: [], allowed: [], warnings: [], infos: [] };
  for (const m of messages) {
    const kind = classify(m);
    if (kind === 'error') sorted.errors.push(m);
    else if (kind === 'allowed') sorted.allowed.push(m);
    else if (kind === 'warning') sorted.warnings.push(m);
    else sorted.infos.push(m);
  }
  return sorted;
}

/**
 * Report lines: errors grouped by message with counts and up to `examples` example pages (the
 * first with line:column and the source extract), then warnings grouped with counts only.
 * @param {Sorted} sorted
 * @param {(url: string) => string} pageOf
 * @param {number} [examples]
 * @returns {string[]}
 */
export function formatReport(sorted, pageOf, examples = 3) {
  const lines = [];
  const errorGroups = groupMessages(sorted.errors, pageOf);
  const allowedPages = new Set(sorted.allowed.map((m) => pageOf(m.url ?? ''))).size;
  lines.push(
    `errors: ${sorted.errors.length} in ${new Set(sorted.errors.map((m) => pageOf(m.url ?? ''))).size} page(s)` +
      `; allowed: ${sorted.allowed.length} × ${ALLOWED_ERROR.why} (${allowedPages} page(s))`,
  );
  for (const g of errorGroups) {
    lines.push(`  ${g.count} × ${g.message}  [${g.pages.length} page(s)]`);
    const where = g.example.lastLine ? `:${g.example.lastLine}:${g.example.firstColumn ?? ''}` : '';
    lines.push(`      e.g. ${g.pages[0]}${where}${g.example.extract ? `  ${JSON.stringify(g.example.extract)}` : ''}`);
    if (g.pages.length > 1) lines.push(`      also ${g.pages.slice(1, examples).join(', ')}${g.pages.length > examples ? ', …' : ''}`);
  }
  const warningGroups = groupMessages(sorted.warnings, pageOf);
  lines.push(`warnings (not gated): ${sorted.warnings.length}; infos: ${sorted.infos.length}`);
  for (const g of warningGroups) lines.push(`  ${g.count} × ${g.message}  [e.g. ${g.pages[0]}]`);
  return lines;
}
