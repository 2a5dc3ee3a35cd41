/**
 * The inline scripts the site's own code emits, pinned by the base64 SHA-256 of their text: the
 * only inline scripts the Content-Security-Policy allows (./securityHeaders.ts). The build fails on
 * any other executable inline script, so content that reached the HTML is never allowlisted.
 * When the build names a new digest: if the script is ours (an `is:inline` script or a client
 * directive changed, Astro or Partytown upgraded), replace or add the entry saying where it comes
 * from; if it came from content, the content is hostile.
 */
export const TRUSTED_INLINE_SCRIPTS: Readonly<Record<string, string>> = {
  '6AXYoNblDWorgtoPL8aoh2TMWce6jD0jPIm05rVz1DM=':
    'src/lib/liveSlot.ts LIVE_SLOT_GATE (LiveMatch.astro, FixturesList.astro, KickOffCountdown.astro): live slots and countdown clocks shown before first paint',
  'eRkL5Xk63cp45NObPzjyql7TBF2hEFwhOK8k3OxHWis=':
    'src/components/FirstPaintHead.astro: html[data-child-friendly] and html[data-cookie-notice] before first paint',
  'R4KTYS4Ykl0V68FUFP0O8lJlOdE5Z0nS5wwtmPQuvkQ=': 'client:intent directive (src/directives/intent.ts, bundled by Astro)',
  'Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=': 'Astro 7 client:visible directive (astro/dist/runtime/client/visible.prebuilt.js; the packages widget)',
  'Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=': 'Astro 7 island hydration runtime (astro/dist/runtime/server/astro-island.prebuilt.js)',
  '8169qdxBHJ09Wze8Kz9rsxhvJUiaMQ2QXcJFm6EHsGY=': 'Partytown 0.14 sandbox page (/~partytown/partytown-sandbox-sw.html)',
};
