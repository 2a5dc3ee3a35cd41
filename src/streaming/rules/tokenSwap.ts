/**
 * Playback token renewal in URLs (docs/streams-local.md "Playback tokens"): a
 * playing stream asks for a fresh token through the heartbeat and uses it on its next requests by
 * replacing the `token=` query parameter of every manifest, segment and licence URL (hls.js
 * xhrSetup, shaka-player request filter). Pure string work: no DOM, no URL parsing that would
 * re-encode the rest of the address.
 */

/**
 * Returns `url` with its `token` query parameter set to `token` (URI-encoded), replacing every
 * existing `token=` parameter, or appending one when there is none. The path, the other
 * parameters (order and encoding) and a `#fragment` are kept as written. An empty `token` leaves
 * `url` unchanged.
 * @example withToken('https://h/a.m3u8?token=old&x=1', 'new') → 'https://h/a.m3u8?token=new&x=1'
 */
export function withToken(url: string, token: string): string {
  if (!token) return url;
  const hashAt = url.indexOf('#');
  const main = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = main.indexOf('?');
  const value = `token=${encodeURIComponent(token)}`;
  if (queryAt < 0) return `${main}?${value}${hash}`;
  const path = main.slice(0, queryAt);
  const params = main.slice(queryAt + 1).split('&');
  let replaced = false;
  const next = params.flatMap((param) => {
    if (param !== 'token' && !param.startsWith('token=')) return [param];
    if (replaced) return [];
    replaced = true;
    return [value];
  });
  if (!replaced) next.push(value);
  return `${path}?${next.filter((p) => p !== '').join('&')}${hash}`;
}

/** The (decoded) `token` query parameter of `url`, or '' when it has none. */
export function tokenOf(url: string): string {
  const hashAt = url.indexOf('#');
  const main = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = main.indexOf('?');
  if (queryAt < 0) return '';
  for (const param of main.slice(queryAt + 1).split('&')) {
    if (param.startsWith('token=')) {
      try {
        return decodeURIComponent(param.slice('token='.length));
      } catch {
        return '';
      }
    }
  }
  return '';
}
