/**
 * GET /content-manifest.json: the content manifest of this build (
 * src/schemas/contentManifest.ts): per guarded feed (news, fixtures, squads, packages) the number
 * of items the site was built from, and the build time. The next build reads the last published
 * one (FEED_BASELINE; by default the live site's on Netlify) and fails when a feed came back
 * empty or shrank past FEED_SHRINK_LIMIT (src/loaders/feedGuardLoader.ts).
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { contentManifest, GUARDED_FEEDS, type GuardedFeed } from '../lib/feedGuard';

export const GET: APIRoute = async () => {
  const feeds = Object.keys(GUARDED_FEEDS) as GuardedFeed[];
  const counts = await Promise.all(feeds.map(async (feed) => [feed, (await getCollection(GUARDED_FEEDS[feed])).length] as const));
  const manifest = contentManifest(Object.fromEntries(counts) as Record<GuardedFeed, number>, new Date());
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
