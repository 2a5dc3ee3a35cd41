import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { copyLibFiles } from '@qwik.dev/partytown/utils';
import type { AstroIntegration } from 'astro';
import { PARTYTOWN_LIB } from './partytownConfig';

/**
 * Copies Partytown's library into the build output (/~partytown/). Unlike the stock Astro
 * integration it injects nothing into pages: Partytown starts only after the visitor accepts
 * analytics cookies (src/browser/analytics.ts), so no page registers a service worker or loads
 * a sandbox before consent. The sandbox page gets the <title> and lang it lacks, so the whole build
 * is valid HTML (scripts/quality/html-check.mjs); its script is left byte for byte.
 */
export function partytownLib(): AstroIntegration {
  return {
    name: 'terrace:partytown-lib',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const libDir = new URL(PARTYTOWN_LIB.slice(1), dir);
        await copyLibFiles(fileURLToPath(libDir), { debugDir: false });
        const sandbox = new URL('partytown-sandbox-sw.html', libDir);
        await writeFile(sandbox, withTitle(await readFile(sandbox, 'utf8')));
      },
    },
  };
}

/**
 * Partytown's sandbox page with `lang="en"` on <html> and a <title> after its <meta charset>
 * (HTML requires a title). Unchanged when it already has a title; throws when the page no longer
 * has the expected `<html><head><meta charset="utf-8">` start (a Partytown upgrade to look at).
 */
export function withTitle(html: string): string {
  if (/<title[\s>]/i.test(html)) return html;
  const start = '<html><head><meta charset="utf-8">';
  if (!html.includes(start)) throw new Error(`Partytown sandbox page: expected "${start}" at its start`);
  return html.replace(start, '<html lang="en"><head><meta charset="utf-8"><title>Partytown</title>');
}
