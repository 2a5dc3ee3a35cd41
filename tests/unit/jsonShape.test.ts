import { describe, expect, it } from 'vitest';
import { isJsonObject, jsonObjectOf, optional } from '../../src/lib/jsonShape';

describe('jsonShape', () => {
  it('takes objects, not null, arrays or primitives', () => {
    expect(isJsonObject({ a: 1 })).toBe(true);
    for (const value of [null, [], 'x', 1, true, undefined]) expect(isJsonObject(value)).toBe(false);
    expect(jsonObjectOf({ a: 1 })).toEqual({ a: 1 });
    expect(jsonObjectOf([1])).toBeNull();
  });

  it('an optional field is absent or passes its check', () => {
    const isText = (v: unknown) => typeof v === 'string';
    expect(optional(undefined, isText)).toBe(true);
    expect(optional('a', isText)).toBe(true);
    expect(optional(null, isText)).toBe(false);
    expect(optional(1, isText)).toBe(false);
  });
});
