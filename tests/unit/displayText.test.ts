import { describe, expect, it } from 'vitest';
import { cleanDisplayName, DISPLAY_NAME_MAX, hasUnsafeText, printable } from '../../src/lib/displayText';

describe('display text from outside', () => {
  const hostile = ['Sam\u001b[2J BLOCKED', 'Sam\u0007', 'Sam\u202Edetsissa', 'A\u2066B\u2069', 'x\u0085y', 'a\u2028b', 'r\u200Fl'];

  it('finds control, bidirectional and separator characters', () => {
    for (const value of hostile) expect(hasUnsafeText(value), JSON.stringify(value)).toBe(true);
    for (const value of ['Sam Smith', 'Zoë O’Brien', 'José 🙂', 'محمد', '李雷']) expect(hasUnsafeText(value), value).toBe(false);
  });

  it('cleans names: removed, spaces collapsed, trimmed, at most 100 characters', () => {
    expect(cleanDisplayName('Sam\u001b[2J BLOCKED')).toBe('Sam[2J BLOCKED');
    expect(cleanDisplayName('  Sam\u202Edetsissa  ')).toBe('Samdetsissa');
    expect(cleanDisplayName('Sam\t\n  Smith')).toBe('Sam Smith');
    expect(cleanDisplayName('\u0007\u202E')).toBe('');
    expect([...cleanDisplayName('é'.repeat(150))]).toHaveLength(DISPLAY_NAME_MAX);
    expect(cleanDisplayName('José 🙂')).toBe('José 🙂');
  });

  it('prints every unsafe character as a visible escape', () => {
    expect(printable('Sam\u001b[31m BLOCKED\u0007')).toBe('Sam\\u001b[31m BLOCKED\\u0007');
    expect(printable('a\u202Eb')).toBe('a\\u202eb');
    expect(JSON.parse(`"${printable('a\u202Eb')}"`)).toBe('a\u202Eb');
    expect(printable('Zoë')).toBe('Zoë');
  });
});
