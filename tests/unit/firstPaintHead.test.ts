import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '../../src/lib/consentRules';

/** The inline script of FirstPaintHead.astro, run on a stand-in document; returns <html>'s dataset. */
function firstPaint(cookie: string, stored: string | null = null): Record<string, string> {
  const source = readFileSync(new URL('../../src/components/FirstPaintHead.astro', import.meta.url), 'utf8');
  const script = /<script is:inline>([\s\S]*?)<\/script>/.exec(source)?.[1] ?? '';
  const dataset: Record<string, string> = {};
  runInNewContext(script, { document: { cookie, documentElement: { dataset } }, localStorage: { getItem: () => stored } });
  return dataset;
}

describe('what the first paint knows (src/components/FirstPaintHead.astro)', () => {
  it('opens the cookie notice while no consent choice is stored (spec §4 Cookie notice)', () => {
    expect(firstPaint('').cookieNotice).toBe('open');
    expect(firstPaint(`${CONSENT_COOKIE}=false`).cookieNotice).toBe('open');
    expect(firstPaint(`other_${CONSENT_COOKIE}=true`).cookieNotice).toBe('open');
    expect(firstPaint(`${CONSENT_COOKIE}=true`).cookieNotice).toBeUndefined();
    expect(firstPaint(`a=1; ${CONSENT_COOKIE}=true; b=2`).cookieNotice).toBeUndefined();
  });

  it('keeps child-friendly mode on unless it was turned off (spec §6)', () => {
    expect(firstPaint('').childFriendly).toBe('true');
    expect(firstPaint('', 'false').childFriendly).toBe('false');
  });
});
