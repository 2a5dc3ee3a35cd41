/**
 * The HTML check's filter and report (scripts/quality/vnu-report.mjs): every
 * Nu Html Checker error fails except Astro's island <style> in <body>, matched by its exact
 * message and extract; warnings and infos never fail; errors are grouped by message with counts
 * and example pages. Also the one fix made to a third-party page of the build (Partytown's sandbox
 * gets a <title>). The end-to-end run of the checker is tests/integration/html-check.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { withTitle } from '../../src/integrations/partytownLib';
import { ALLOWED_ERROR, classify, formatReport, groupKey, groupMessages, sortMessages, sourceAt, type VnuMessage } from '../../scripts/quality/vnu-report.mjs';

const page = (name: string) => `file:/build/${name}`;
const pageOf = (url: string) => url.replace('file:/build', '');
const islandStyle: VnuMessage = { type: 'error', url: page('index.html'), message: ALLOWED_ERROR.message, extract: '</li></ul><style>astro-' };
const srcset = (file: string): VnuMessage => ({
  type: 'error',
  url: page(file),
  message: `Bad value “/media/${file}.svg 1x, /media/${file}@2.svg 2x” for attribute “srcset” on element “img”: Expected width descriptor but found “1x” at “…${file}.svg 1x,”.`,
});

describe('classify', () => {
  it('allows only the Astro island <style> by its exact message and extract', () => {
    expect(classify(islandStyle)).toBe('allowed');
    expect(classify({ ...islandStyle, extract: '<p>x</p><style>.mine{}' })).toBe('error');
    // vnu's extract window can end inside the island style's text …
    expect(classify({ ...islandStyle, extract: '</li></ul><style>ast' })).toBe('allowed');
    expect(classify({ ...islandStyle, extract: '<style>astro-island,astro-slot' })).toBe('allowed');
    // … but a bare or foreign <style> is still an error.
    expect(classify({ ...islandStyle, extract: '</li></ul><style>' })).toBe('error');
    expect(classify({ ...islandStyle, extract: '</ul><style>asterisk{}' })).toBe('error');
    expect(classify({ ...islandStyle, message: `${ALLOWED_ERROR.message} ` })).toBe('error');
  });

  it("decides by the page's text where the check read it, whatever the extract shows", () => {
    const page = '<!doctype html>\n<ul><li>x</li></ul><style>astro-island,astro-slot{display:contents}</style>\n';
    const at = { ...islandStyle, extract: '</li></ul><style>', lastLine: 2, firstColumn: 20 };
    expect(sourceAt(page, 2, 20)).toMatch(/^<style>astro-island,/);
    expect(classify({ ...at, source: sourceAt(page, 2, 20) })).toBe('allowed');
    expect(classify({ ...at, source: sourceAt(page.replace('astro-island', 'mine'), 2, 20) })).toBe('error');
    expect(classify({ ...at, extract: '<style>astro-island,', source: '<style>.mine{}' })).toBe('error');
    expect(sourceAt(page, 9, 1)).toBe('');
  });

  it("lists the CSS validator's findings as warnings, and nothing else", () => {
    const css = {
      type: 'error',
      message: 'CSS: “mix-blend-mode”: “plus-lighter” is not a “mix-blend-mode” value.',
      extract: 'lend-mode:plus-lighter}',
    } as VnuMessage;
    expect(classify(css)).toBe('warning');
    expect(classify({ ...css, message: 'Element “div” not allowed as child of element “ul” in this context.' })).toBe('error');
  });

  it('fails on errors, fatal errors and non-document errors; never on warnings or infos', () => {
    expect(classify({ type: 'error', message: 'Stray start tag “script”.' })).toBe('error');
    expect(classify({ type: 'error', subType: 'fatal', message: 'Cannot recover after last error.' })).toBe('error');
    expect(classify({ type: 'non-document-error', subType: 'io', message: 'File not found.' })).toBe('error');
    expect(classify({ type: 'info', subType: 'warning', message: 'Section lacks heading.' })).toBe('warning');
    expect(classify({ type: 'info', message: 'Trailing slash on void elements has no effect.' })).toBe('info');
  });
});

describe('grouping and report', () => {
  it('groups one mistake with page-specific values under one message', () => {
    expect(groupKey(srcset('a').message)).toBe(groupKey(srcset('b').message));
    expect(groupKey(srcset('a').message)).toContain('Bad value “…” for attribute “srcset” on element “img”');
    const groups = groupMessages([srcset('a.html'), srcset('b.html'), { type: 'error', url: page('a.html'), message: 'Stray start tag “script”.' }], pageOf);
    expect(groups.map((g) => [g.count, g.pages])).toEqual([
      [2, ['/a.html', '/b.html']],
      [1, ['/a.html']],
    ]);
  });

  it('reports errors with counts and example pages, and the allowed exception separately', () => {
    const sorted = sortMessages([
      islandStyle,
      srcset('a.html'),
      srcset('b.html'),
      { type: 'info', subType: 'warning', url: page('a.html'), message: 'Section lacks heading.' },
    ]);
    expect(sorted.errors).toHaveLength(2);
    expect(sorted.allowed).toEqual([islandStyle]);
    const report = formatReport(sorted, pageOf).join('\n');
    expect(report).toContain('errors: 2 in 2 page(s); allowed: 1 × Astro island <style> in <body> (1 page(s))');
    expect(report).toMatch(/ {2}2 × Bad value “…” for attribute “srcset”.*\[2 page\(s\)\]/);
    expect(report).toContain('e.g. /a.html');
    expect(report).toContain('also /b.html');
    expect(report).toContain('1 × Section lacks heading.');
  });
});

describe('Partytown sandbox page', () => {
  const sandbox = '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><script type="module">x()</script></head></html>';

  it('gets lang and a <title>, its script untouched', () => {
    const fixed = withTitle(sandbox);
    expect(fixed).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Partytown</title><meta name="robots" content="noindex"><script type="module">x()</script></head></html>',
    );
    expect(withTitle(fixed)).toBe(fixed);
  });

  it('throws when Partytown changes the page', () => {
    expect(() => withTitle('<!DOCTYPE html><html><head><script>x()</script></head></html>')).toThrow(/Partytown sandbox page/);
  });
});
