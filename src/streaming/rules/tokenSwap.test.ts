/** Token renewal in playback URLs (src/streaming/rules/tokenSwap.ts). */
import { describe, expect, it } from 'vitest';
import { tokenOf, withToken } from './tokenSwap';

describe('withToken', () => {
  it('replaces the token parameter, keeping the others in place', () => {
    expect(withToken('https://h/DemoReplay01/v360/3.m4s?token=old&x=1', 'new')).toBe('https://h/DemoReplay01/v360/3.m4s?token=new&x=1');
    expect(withToken('https://h/a.m3u8?x=1&token=old', 'new')).toBe('https://h/a.m3u8?x=1&token=new');
  });
  it('appends a token where there is none', () => {
    expect(withToken('https://h/a.m3u8', 'new')).toBe('https://h/a.m3u8?token=new');
    expect(withToken('https://h/a.m3u8?x=1', 'new')).toBe('https://h/a.m3u8?x=1&token=new');
    expect(withToken('/rel/a.m3u8#t=3', 'new')).toBe('/rel/a.m3u8?token=new#t=3');
  });
  it('collapses repeated token parameters into one', () => {
    expect(withToken('https://h/a?token=1&token=2&y', 'n')).toBe('https://h/a?token=n&y');
  });
  it('does not touch parameters that only end in "token"', () => {
    expect(withToken('https://h/a?xtoken=1', 'n')).toBe('https://h/a?xtoken=1&token=n');
  });
  it('encodes the token and keeps the fragment', () => {
    expect(withToken('https://h/a?token=o#frag', 'a b&c')).toBe('https://h/a?token=a%20b%26c#frag');
  });
  it('leaves the URL alone for an empty token', () => {
    expect(withToken('https://h/a?token=o', '')).toBe('https://h/a?token=o');
  });
});

describe('tokenOf', () => {
  it('reads the decoded token', () => {
    expect(tokenOf('https://h/license/clearkey/X?token=ab%2Ec&z=1')).toBe('ab.c');
    expect(tokenOf(withToken('https://h/a', 'x.y.z'))).toBe('x.y.z');
  });
  it('is empty without one', () => {
    expect(tokenOf('https://h/a?xtoken=1')).toBe('');
    expect(tokenOf('https://h/a')).toBe('');
    expect(tokenOf('https://h/a#token=1')).toBe('');
  });
});
