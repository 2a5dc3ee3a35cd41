/**
 * /manifest.webmanifest: the web app manifest that makes the site installable (docs/offline.md):
 * the club's name and short name from the platform settings, its colours, the crest icons.
 */
import type { APIRoute } from 'astro';
import { getPlatformSettings } from '../queries/settings';
import { webAppManifest } from '../lib/offline';

export const GET: APIRoute = async () => {
  const platform = await getPlatformSettings();
  return new Response(JSON.stringify(webAppManifest(platform.clubName, platform.clubShortName), null, 2), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
};
