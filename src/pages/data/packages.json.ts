/**
 * GET /data/packages.json: the package catalogue as the subscribe packages panel needs it
 * (src/islands/packages/SubscribePanel; spec §2, §3 catalogue form) — `{ packages: PackageView[] }`
 * of src/payments/rules/packageRules, descriptions sanitised at build time (src/queries/packages), emitted with
 * the build so the panel, which any page can open, fetches it only when opened.
 */
import type { APIRoute } from 'astro';
import { getPackageViews } from '../../queries/packages';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ packages: await getPackageViews() }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
