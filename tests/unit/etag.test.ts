import { describe, expect, it } from 'vitest';
import { etagMatches } from '../../src/lib/etag';

describe('etagMatches (If-None-Match, RFC 9110 weak comparison)', () => {
  it('matches the tag, strong or weak, alone or in a list, and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc" ,"y"', '"abc"')).toBe(true);
    expect(etagMatches(' * ', '"abc"')).toBe(true);
  });
  it('matches nothing else', () => {
    expect(etagMatches(null, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
    expect(etagMatches('"abcd", "ab"', '"abc"')).toBe(false);
  });
});
