/**
 * Page assembly in `astro dev` (src/lib/pageAssembly.ts; docs/publishing.md "Includes"). The built
 * site is assembled by the server (scripts/serve.mjs, the Netlify edge function page-assembly);
 * the dev server has neither, so there a page with assembly directives gets its cards from the dev
 * server's own fragment routes (src/pages/[fragments]/). Added by src/integrations/devPageAssembly.ts
 * for `astro dev` only: a build has no middleware, and its pages keep their directives.
 */
import { defineMiddleware } from 'astro:middleware';
import { ASSEMBLY_MARK, assemblePage, isFragmentPath } from '../lib/pageAssembly';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (isFragmentPath(context.url.pathname) || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
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
