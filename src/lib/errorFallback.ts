/**
 * The error page's own fallback (spec §2 Error page): when the error page itself cannot be shown,
 * 'An error occured while showing the error page' (the spec's spelling) with a 'Go back to home'
 * link. Used by the built fallback (src/components/ErrorFallback.astro) and by the servers' last
 * answer when neither a page nor the site's 500 page can be had (src/lib/pageAssembly
 * assemblyFailedResponse, locally and at the edge). Pure; runs anywhere.
 */

/** The fallback's heading and document title (spec §2, spelled as the spec spells it). */
export const ERROR_FALLBACK_HEADING = 'An error occured while showing the error page';
/** The fallback's one link (spec §2). */
export const ERROR_FALLBACK_LINK = { href: '/', text: 'Go back to home' } as const;

/**
 * The fallback as a whole HTML document that needs nothing else: no stylesheet, script, image or
 * content, so it shows whatever broke the page (readable unstyled; no inline style, which a strict
 * Content-Security-Policy would refuse).
 */
export function errorFallbackDocument(): string {
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">',
    `<title>${ERROR_FALLBACK_HEADING}</title></head>`,
    `<body><main><h1>${ERROR_FALLBACK_HEADING}</h1><p><a href="${ERROR_FALLBACK_LINK.href}">${ERROR_FALLBACK_LINK.text}</a></p></main></body>`,
    '</html>',
    '',
  ].join('\n');
}
