/** The stream hosts in the Content-Security-Policy's connect-src (src/lib/csp.ts). */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseContentSecurityPolicy, streamConnectSources } from '../../src/lib/csp';

const none = { scripts: [], styles: [] };

describe('streamConnectSources', () => {
  it('is the local stream host on loopback when no stream host is configured', () => {
    expect(streamConnectSources({})).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
  });
  it('is the origins of the configured stream and licence hosts', () => {
    expect(streamConnectSources({ STREAM_HOST_URL: 'https://stream.mux.com', STREAM_LICENCE_URL: 'https://license.mux.com/license' })).toEqual([
      'https://stream.mux.com',
      'https://license.mux.com',
    ]);
    expect(streamConnectSources({ STREAM_HOST_URL: 'https://cdn.example/streams' })).toEqual(['https://cdn.example']);
  });
  it('refuses what is not an http(s) URL', () => {
    expect(() => streamConnectSources({ STREAM_HOST_URL: 'javascript:alert(1)' })).toThrow(RangeError);
    expect(() => streamConnectSources({ STREAM_HOST_URL: 'not a url' })).toThrow();
  });
});

describe('contentSecurityPolicy connect sources', () => {
  it("adds them to connect-src and media-src (caption tracks) after 'self', and nowhere else", () => {
    const policy = parseContentSecurityPolicy(contentSecurityPolicy(none, { connectSources: ['https://stream.mux.com', 'https://license.mux.com'] }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://license.mux.com', 'https://stream.mux.com']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://license.mux.com', 'https://stream.mux.com']);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
  it("keeps connect-src 'self' alone without them", () => {
    expect(parseContentSecurityPolicy(contentSecurityPolicy(none)).get('connect-src')).toEqual(["'self'"]);
  });
  it('refuses a source that would widen the policy beyond one origin', () => {
    for (const bad of ['*', 'https:', "'unsafe-inline'", 'https://a.example; script-src *', 'https://*.example']) {
      expect(() => contentSecurityPolicy(none, { connectSources: [bad] })).toThrow(RangeError);
    }
  });
});
