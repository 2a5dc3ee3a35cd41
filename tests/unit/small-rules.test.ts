import { describe, expect, it } from 'vitest';
import { ageOn } from '../../src/lib/age';
import { buttonKind, isExternalHeadingLink } from '../../src/lib/buttonKind';
import { sanitizeContentHtml } from '../../src/lib/sanitize';

describe('ageOn', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOn('2000-11-21', '2026-11-20')).toBe(25);
    expect(ageOn('2000-11-21', '2026-11-21T10:00:00Z')).toBe(26);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
  it('rejects malformed dates', () => expect(() => ageOn('21/11/2000', '2026-01-01')).toThrow(RangeError));
});

describe('buttonKind (spec §2 Button component)', () => {
  it('renders internal, external or a plain button', () => {
    expect(buttonKind('/tickets')).toBe('internal');
    expect(buttonKind('https://shop.example')).toBe('external');
    expect(buttonKind('mailto:a@b.c')).toBe('external');
    expect(buttonKind(undefined)).toBe('button');
    expect(buttonKind('')).toBe('button');
  });
  it('treats carousel heading links starting with http as external (spec §5)', () => {
    expect(isExternalHeadingLink('https://x.example')).toBe(true);
    expect(isExternalHeadingLink('/news')).toBe(false);
  });
});

describe('sanitizeContentHtml', () => {
  it('drops scripts, handlers and javascript: links, keeps formatting', () => {
    const html = sanitizeContentHtml(
      '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a></p>',
    );
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<strong>there</strong>');
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer">ok</a>');
  });
});

// The sign-in answer (src/accounts/rules/loginResponse) is tested in src/accounts/rules/loginResponse.test.ts.
