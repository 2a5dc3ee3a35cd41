/**
 * The error page's own fallback (spec §2 Error page): the spec's exact texts, a whole document
 * that needs nothing else, and the same text in the built fallback component.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_FALLBACK_HEADING, ERROR_FALLBACK_LINK, errorFallbackDocument } from '../../src/lib/errorFallback';
import { assemblyFailedResponse } from '../../src/lib/pageAssembly';

describe("the error page's fallback", () => {
  it("says 'An error occured while showing the error page' (the spec's spelling) with a 'Go back to home' link", () => {
    expect(ERROR_FALLBACK_HEADING).toBe('An error occured while showing the error page');
    expect(ERROR_FALLBACK_LINK).toEqual({ href: '/', text: 'Go back to home' });
    const html = errorFallbackDocument();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>An error occured while showing the error page</title>');
    expect(html).toContain('<h1>An error occured while showing the error page</h1>');
    expect(html).toContain('<a href="/">Go back to home</a>');
  });

  it('needs nothing else: no stylesheet, script, image or inline style', () => {
    expect(errorFallbackDocument()).not.toMatch(/<link|<script|<img|<style|style=/i);
  });

  it('is what a server answers when neither a page nor the 500 page can be had: 500, HTML, never cached', async () => {
    const response = assemblyFailedResponse();
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(errorFallbackDocument());
  });

  it('the built fallback component takes its texts from the same place', () => {
    const component = readFileSync(new URL('../../src/components/ErrorFallback.astro', import.meta.url), 'utf8');
    expect(component).toContain('ERROR_FALLBACK_HEADING');
    expect(component).toContain('ERROR_FALLBACK_LINK');
  });
});
