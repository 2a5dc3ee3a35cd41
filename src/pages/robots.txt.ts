/** /robots.txt — keeps crawlers out of the app views and points them at the sitemap (src/lib/sitemap). */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/sitemap';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(site ?? new URL('http://localhost:4321')), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
