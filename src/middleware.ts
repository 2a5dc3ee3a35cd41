/**
 * Page assembly in `astro dev` (src/lib/pageAssembly.ts; docs/publishing.md "Includes"). The built
 * site is assembled by the server (scripts/serve.mjs, the Netlify edge function page-assembly);
 * the dev server has neither, so here a page with assembly directives gets its cards from the dev
 * server's own fragment routes (src/pages/[fragments]/). In a build this does nothing (the dev
 * server is marked by src/integrations/devPageAssembly.ts, whatever the mode or NODE_ENV): the
 * pages are written with their directives, as the incremental build needs.
 */
import { defineMiddleware } from 'astro:middleware';
import { ASSEMBLY_MARK, assemblePage, FRAGMENTS_ROOT } from './lib/pageAssembly';
import { isDevServer } from './integrations/devPageAssembly';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!isDevServer() || context.url.pathname.startsWith(FRAGMENTS_ROOT)) return response;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  if (!html.includes(ASSEMBLY_MARK)) return new Response(html, response);
  const page = await assemblePage(html, async (path) => {
    const fragment = await fetch(new URL(path, context.url));
    if (!fragment.ok) throw new Error(`GET ${path} answered ${fragment.status}`);
    return fragment.text();
  });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(page, { status: response.status, headers });
});
