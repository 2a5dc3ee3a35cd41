/**
 * The inline scripts the site's own code emits, pinned by the base64 SHA-256 digest of their
 * text: the only inline scripts the Content-Security-Policy allows (src/integrations/
 * securityHeaders.ts). The build fails on any other executable inline script it finds in a page,
 * so a script that reached the HTML through content (a feed, the CMS) is never allowlisted just
 * because it was in dist/ — hashing whatever the build contains would turn a stored-XSS bug
 * into an allowed script.
 *
 * When the build names a new digest: if the script is ours (an `is:inline` script changed, a
 * client directive changed or was added, Astro or Partytown was upgraded), replace or add the
 * entry with a note saying where it comes from; if it came from content, the content is hostile.
 */
export const TRUSTED_INLINE_SCRIPTS: Readonly<Record<string, string>> = {
  'z+XgFv6v5A3z0sSOfzQ2tsd+krf/a0JltdsR90bLvO0=':
    'src/lib/liveSlot.ts LIVE_SLOT_GATE (src/components/LiveMatch.astro, FixturesList.astro): live slots shown before first paint',
  'eRkL5Xk63cp45NObPzjyql7TBF2hEFwhOK8k3OxHWis=':
    'src/components/FirstPaintHead.astro: html[data-child-friendly] and html[data-cookie-notice] before first paint',
  'R4KTYS4Ykl0V68FUFP0O8lJlOdE5Z0nS5wwtmPQuvkQ=': 'client:intent directive (src/directives/intent.ts, bundled by Astro)',
  'Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=': 'Astro 7 client:visible directive (astro/dist/runtime/client/visible.prebuilt.js; the packages widget)',
  'Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=': 'Astro 7 island hydration runtime (astro/dist/runtime/server/astro-island.prebuilt.js)',
  '8169qdxBHJ09Wze8Kz9rsxhvJUiaMQ2QXcJFm6EHsGY=': 'Partytown 0.14 sandbox page (/~partytown/partytown-sandbox-sw.html)',
};
