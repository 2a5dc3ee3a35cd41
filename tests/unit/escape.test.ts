/**
 * Content is untrusted input: the per-context output helpers with the attack strings of
 * tests/fixtures/hostile/payloads.mjs — safe links (src/lib/escape safeHref), JSON inside script
 * elements (jsonScriptText, jsonLdText), the HTML sanitiser (src/lib/sanitize), the schemas that
 * refuse unsafe links at the edge (src/schemas/common), the promo feed read in the browser
 * (src/lib/promos) and the Markdown loader's sanitising store (src/loaders/markdownFeedLoader).
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, icalText, jsonScriptText, safeHref } from '../../src/lib/escape';
import { fixtureCalendar } from '../../src/lib/fixtureCalendar';
import { parsePromoList } from '../../src/lib/promos';
import { sanitizeContentHtml } from '../../src/lib/sanitize';
import { jsonLdText } from '../../src/lib/structuredData';
import { sanitizingStore } from '../../src/loaders/markdownFeedLoader';
import { httpUrl, link, linkSlug } from '../../src/schemas/common';
import { isSafeHref } from '../../src/schemas/link';
import { bodyAttacks, hostileText, SAFE_LINKS, UNSAFE_LINKS } from '../fixtures/hostile/payloads.mjs';
import { mapStore } from '../support/dataStore';

describe('safeHref: links from feeds', () => {
  it.each(UNSAFE_LINKS)('makes %j inert', (url) => {
    expect(safeHref(url)).toBeUndefined();
    expect(isSafeHref(url)).toBe(false);
  });

  it.each(SAFE_LINKS)('keeps %j as it is', (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it('treats a missing link as inert', () => {
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});

describe('the schemas refuse unsafe links at the edge', () => {
  it.each(UNSAFE_LINKS)('link refuses %j', (url) => {
    expect(link.safeParse(url).success).toBe(false);
  });

  it.each(SAFE_LINKS)('link accepts %j', (url) => {
    expect(link.safeParse(url).success).toBe(true);
  });

  it.each(UNSAFE_LINKS)('httpUrl refuses %j (or trims it to a safe link)', (url) => {
    const result = httpUrl.safeParse(url);
    if (result.success) expect(result.data).toBe(safeHref(url.trim()));
    else expect(result.success).toBe(false);
  });

  it('httpUrl accepts absolute http(s) URLs only', () => {
    expect(httpUrl.safeParse('https://tickets.club.example/').success).toBe(true);
    expect(httpUrl.safeParse('mailto:info@club.example').success).toBe(false);
    expect(httpUrl.safeParse('/news').success).toBe(false);
  });

  it('linkSlug takes a site path with or without its leading slash, never another host', () => {
    expect(linkSlug.safeParse('tickets/memberships').success).toBe(true);
    expect(linkSlug.safeParse('/tickets/memberships').success).toBe(true);
    for (const value of ['//evil.example', '/\\evil.example', '\\evil.example', 'tickets\n/x']) expect(linkSlug.safeParse(value).success, value).toBe(false);
  });
});

describe('JSON inside a <script> element', () => {
  const hostile = { name: hostileText('Stoke City', 1), other: '<!--<script>', lines: 'a\u2028b\u2029c', amp: '&lt;' };

  it('cannot close the element, open a comment or end a line, and parses back to the value', () => {
    for (const text of [jsonScriptText(hostile), jsonLdText(hostile)]) {
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(text)).toEqual(hostile);
    }
  });

  it('writes null for a value JSON cannot represent', () => {
    expect(jsonScriptText(undefined)).toBe('null');
  });
});

describe('plain text in HTML built as a string (RSS descriptions)', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(hostileText('Stoke & Vale', 2))).not.toMatch(/[<>"']/);
    expect(escapeHtml(`<img src=x onerror=alert(1)> & "'`)).toBe('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;&#39;');
  });
});

describe('iCalendar text', () => {
  it('escapes TEXT per RFC 5545 so no value starts a content line', () => {
    expect(icalText('a\\b;c,d\r\nX-PWNED:1\ne\tf')).toBe('a\\\\b\\;c\\,d\\nX-PWNED:1\\nef');
  });

  it('keeps calendar names, descriptions and PRODID parts on their own lines', () => {
    const text = hostileText('Stoke City', 3);
    const ics = fixtureCalendar(
      { name: text, description: text, url: 'https://club.example/matches', generatedAt: '2026-01-01T00:00:00Z', company: text, product: text },
      [
        {
          uid: 'm@club.example',
          date: '2026-08-08',
          kickOff: '2026-08-08T14:00:00Z',
          kickOffLocal: '15:00',
          home: text,
          away: 'Swansea City',
          competitionName: text,
          round: text,
          venue: text,
          status: 'scheduled',
          score: { ftHome: null, ftAway: null, htHome: null, htAway: null, etHome: null, etAway: null, penHome: null, penAway: null },
          url: 'https://club.example/match',
        },
      ],
    );
    const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((line) => line.startsWith('X-PWNED'))).toEqual([]);
  });
});

describe('sanitizeContentHtml: HTML and Markdown bodies', () => {
  // Markdown syntax is not HTML: the loader's tests below see it rendered first.
  const html = sanitizeContentHtml(
    bodyAttacks(7)
      .filter((attack) => attack.startsWith('<'))
      .join('\n'),
  );

  it('drops scripts, event handlers, frames, forms, objects, styles and meta refreshes', () => {
    expect(html).not.toMatch(/<(script|iframe|object|embed|form|style|meta|base|svg|math)\b/i);
    expect(html).not.toMatch(/\s(on\w+|style|srcdoc|formaction|action)\s*=/i);
  });

  it('drops every link that is not a site path, http(s), mailto: or tel:', () => {
    const hrefs = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    // 'x' is the attacks' own relative image source; every other link is a safe one.
    expect(hrefs.filter((href) => href !== 'x')).toEqual(['/news', 'https://club.example/']);
    expect(html).not.toMatch(/javascript:|vbscript:|data:|evil\.example/i);
  });

  it('keeps the text of the content', () => {
    expect(html).toContain('javascript link');
    expect(html).toContain('a safe link');
  });
});

describe('promo overlays fetched in the browser', () => {
  const promo = {
    promoID: 'p',
    type: 'Default',
    webNewWindow: false,
    imageKey: 'promo.svg',
    imageAltText: 'Promo',
    startDateTime: '2026-01-01T00:00:00Z',
    endDateTime: '2027-01-01T00:00:00Z',
  };

  it('drops promos whose link is unsafe', () => {
    expect(parsePromoList(UNSAFE_LINKS.map((url, i) => ({ ...promo, promoID: `p${i}`, url })))).toEqual([]);
    expect(parsePromoList([{ ...promo, url: '/videos' }])).toHaveLength(1);
  });
});

describe('the Markdown loader sanitises rendered HTML', () => {
  const attack = bodyAttacks(3)
    .filter((a) => a.startsWith('<'))
    .join('\n');

  it('sanitises what the glob loader stores', () => {
    const { store, entries } = mapStore();
    sanitizingStore(store).set({ id: 'a', data: {}, digest: 'd1', rendered: { html: `<p>Body</p>${attack}` } });
    const html = entries.get('a')?.rendered?.html ?? '';
    expect(html).toContain('<p>Body</p>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('re-stores entries cached unsanitised by an older build', () => {
    const { store, entries } = mapStore([{ id: 'old', data: {}, digest: 'd1', rendered: { html: attack } }]);
    sanitizingStore(store);
    expect(entries.get('old')?.rendered?.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(entries.get('old')?.digest).toBe('d1');
  });
});
