/**
 * The return address after sign-in (spec §4 Sign-in; ARCHITECTURE: no open redirect, no token to
 * strangers): src/accounts/rules/returnAddress.
 */
import { describe, expect, it } from 'vitest';
import { allowedReturnAddress, readStoredReturn, returnHosts, returnRequestOf } from './returnAddress';

const site = 'https://www.club.example';
const hosts = returnHosts('tv.club.example, https://shop.club.example, partner.example:8443', site);

describe('the allow-list (RETURN_HOSTS)', () => {
  it("is the site's own host by default", () => {
    expect(returnHosts(undefined, site)).toEqual(['www.club.example']);
    expect(returnHosts('', 'http://127.0.0.1:4410')).toEqual(['127.0.0.1:4410']);
  });
  it('reads hosts, host:port and origins, lower-cased', () => {
    expect(hosts).toEqual(['www.club.example', 'tv.club.example', 'shop.club.example', 'partner.example:8443']);
    expect(returnHosts('TV.Club.Example', site)).toContain('tv.club.example');
  });
  it('ignores entries that are not plain hosts', () => {
    expect(returnHosts('evil.example/path, user@evil.example, *.example, javascript:alert(1)', site)).toEqual(['www.club.example']);
  });
});

describe('following a stored return address', () => {
  const allowed = (candidate: string | null) => allowedReturnAddress(candidate, { siteOrigin: site, hosts });
  it('follows site paths and listed https hosts', () => {
    expect(allowed('/videos/subscriptions?x=1#top')).toBe('https://www.club.example/videos/subscriptions?x=1#top');
    expect(allowed('https://tv.club.example/watch/1')).toBe('https://tv.club.example/watch/1');
    expect(allowed('https://partner.example:8443/')).toBe('https://partner.example:8443/');
    expect(allowed('https://WWW.club.example/news')).toBe('https://www.club.example/news');
  });
  it('refuses hosts that are not listed, look-alikes and another port', () => {
    expect(allowed('https://evil.example/')).toBeNull();
    expect(allowed('https://tv.club.example.evil.example/')).toBeNull();
    expect(allowed('https://evil.example/?https://tv.club.example')).toBeNull();
    expect(allowed('https://partner.example/')).toBeNull();
    expect(allowed('https://tv.club.example@evil.example/')).toBeNull();
  });
  it('refuses plain http to another host, credentials and scripts', () => {
    expect(allowed('http://tv.club.example/')).toBeNull();
    expect(allowed('https://user:pass@tv.club.example/')).toBeNull();
    expect(allowed('javascript:alert(1)')).toBeNull();
    expect(allowed('data:text/html,hi')).toBeNull();
    expect(allowed('mailto:fan@club.example')).toBeNull();
  });
  it('refuses the tricks browsers normalise away', () => {
    for (const trick of [
      '//evil.example/',
      '/\\evil.example/',
      '\\\\evil.example',
      ' /news',
      '/news\n',
      'https:evil.example',
      'https://evil.example\t.club.example',
      '',
      null,
    ]) {
      expect(allowed(trick), String(trick)).toBeNull();
    }
  });
  it('allows the site itself on plain http (local development)', () => {
    expect(allowedReturnAddress('/news', { siteOrigin: 'http://127.0.0.1:4410', hosts: ['127.0.0.1:4410'] })).toBe('http://127.0.0.1:4410/news');
  });
});

describe('storing the request', () => {
  it('reads ?returnTo and ?suppressToken from the sign-in link', () => {
    expect(returnRequestOf('?returnTo=https%3A%2F%2Ftv.club.example%2F&suppressToken=true')).toEqual({
      returnTo: 'https://tv.club.example/',
      suppressToken: true,
    });
    expect(returnRequestOf('?returnTo=/news')).toEqual({ returnTo: '/news', suppressToken: false });
    expect(returnRequestOf('?error=cancelled')).toBeNull();
  });
  it('reads back what was stored, or nothing when it is malformed', () => {
    expect(readStoredReturn(JSON.stringify({ returnTo: '/news', suppressToken: true }))).toEqual({ returnTo: '/news', suppressToken: true });
    expect(readStoredReturn(JSON.stringify({ returnTo: '/news', suppressToken: 'yes' }))).toEqual({ returnTo: '/news', suppressToken: false });
    for (const bad of [null, '', '{', '[]', '"x"', JSON.stringify({ returnTo: 3 })]) expect(readStoredReturn(bad)).toBeNull();
  });
});
