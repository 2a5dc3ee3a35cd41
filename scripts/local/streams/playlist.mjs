// @ts-check
/**
 * HLS playlist helpers of the local stream host. No I/O.
 * `parseMediaPlaylist(text)` reads a shaka-packager media playlist; `rewriteUris` and
 * `withToken(uri, token)` carry the playback token to every child playlist and segment, as Mux's
 * URLs do; `liveMediaPlaylist(...)` makes a live stream's current window from the generated loop:
 * segment `seq` covers [seq × segmentSeconds, (seq + 1) × segmentSeconds) since the Unix epoch and
 * plays generated segment `seq mod N`, each pass a discontinuity (docs/streams-local.md).
 */

/**
 * @typedef {object} MediaPlaylist
 * @property {number} targetDuration
 * @property {string | undefined} map the EXT-X-MAP URI (initialisation segment)
 * @property {string[]} keyTags EXT-X-KEY lines, verbatim
 * @property {{ duration: number, uri: string }[]} segments
 * @property {boolean} ended EXT-X-ENDLIST present
 */

/**
 * @param {string} text
 * @returns {MediaPlaylist}
 */
export function parseMediaPlaylist(text) {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '#EXTM3U') throw new Error('Not an HLS playlist (no #EXTM3U)');
  /** @type {MediaPlaylist} */
  const playlist = { targetDuration: 0, map: undefined, keyTags: [], segments: [], ended: false };
  /** @type {number | undefined} */
  let pending;
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:')) playlist.targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MAP:')) playlist.map = attribute(line, 'URI');
    else if (line.startsWith('#EXT-X-KEY:')) playlist.keyTags.push(line);
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line === '#EXT-X-ENDLIST') playlist.ended = true;
    else if (!line.startsWith('#')) {
      if (pending === undefined || !Number.isFinite(pending)) throw new Error(`Segment ${line} has no #EXTINF duration`);
      playlist.segments.push({ duration: pending, uri: line });
      pending = undefined;
    }
  }
  return playlist;
}

/**
 * The value of a quoted attribute of a tag line, e.g. attribute('#EXT-X-MAP:URI="a.mp4"', 'URI').
 * @param {string} line
 * @param {string} name
 */
export function attribute(line, name) {
  const match = new RegExp(`[:,]${name}="([^"]*)"`).exec(line);
  return match?.[1];
}

/**
 * @param {string} text
 * @param {(uri: string) => string} rewrite
 * @returns {string}
 */
export function rewriteUris(text, rewrite) {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.trim() === '') return line;
      if (!line.startsWith('#')) return rewrite(line.trim());
      return line.replace(/([:,]URI=")([^"]*)(")/g, (whole, before, uri, after) => (uri.startsWith('data:') ? whole : `${before}${rewrite(uri)}${after}`));
    })
    .join('\n');
}

/**
 * @param {string} uri relative or absolute
 * @param {string} token
 */
export function withToken(uri, token) {
  const hashAt = uri.indexOf('#');
  const bare = hashAt >= 0 ? uri.slice(0, hashAt) : uri;
  const [pathPart, query = ''] = bare.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('token', token);
  return `${pathPart}?${params.toString()}`;
}

/**
 * The live window of `playlist` at `nowMs`.
 * @param {object} options
 * @param {MediaPlaylist} options.playlist the generated (whole-loop) media playlist
 * @param {number} options.nowMs wall clock, milliseconds since the epoch
 * @param {number} options.segmentSeconds nominal segment length
 * @param {number} options.windowSegments segments in the window
 * @param {(seq: number, index: number) => string} options.segmentUri URI of live segment `seq` (generated segment `index`)
 * @param {string[]} [options.keyTags] EXT-X-KEY lines to carry (default the playlist's own)
 * @param {string} [options.mapUri] EXT-X-MAP URI (default the playlist's own)
 * @returns {{ text: string, firstSeq: number, lastSeq: number }}
 */
export function liveMediaPlaylist({ playlist, nowMs, segmentSeconds, windowSegments, segmentUri, keyTags = playlist.keyTags, mapUri = playlist.map }) {
  const count = playlist.segments.length;
  if (count === 0) throw new Error('A live stream needs segments');
  const lastSeq = Math.floor(nowMs / 1000 / segmentSeconds) - 1;
  const firstSeq = Math.max(0, lastSeq - windowSegments + 1);
  const target = Math.max(playlist.targetDuration, Math.ceil(Math.max(...playlist.segments.map((segment) => segment.duration))));
  const out = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${firstSeq}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(firstSeq / count)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  if (mapUri !== undefined) out.push(`#EXT-X-MAP:URI="${mapUri}"`);
  out.push(...keyTags);
  for (let seq = firstSeq; seq <= lastSeq; seq += 1) {
    const index = seq % count;
    const segment = /** @type {{ duration: number, uri: string }} */ (playlist.segments[index]);
    if (index === 0 && seq !== firstSeq) out.push('#EXT-X-DISCONTINUITY');
    if (seq === firstSeq || index === 0) out.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(seq * segmentSeconds * 1000).toISOString()}`);
    out.push(`#EXTINF:${segment.duration.toFixed(3)},`, segmentUri(seq, index));
  }
  return { text: `${out.join('\n')}\n`, firstSeq, lastSeq };
}

/**
 * One WebVTT file from a text rendition's segments (Mux's whole-file text track,
 * `/{playbackId}/text/{trackId}.vtt`): each segment's header is dropped, and a cue repeated in the
 * next segment (one crossing a segment boundary) is kept once, in the order met.
 * @param {string[]} segments the segments' texts, in playlist order
 * @returns {string}
 */
export function wholeWebVtt(segments) {
  /** @type {Set<string>} */
  const cues = new Set();
  for (const segment of segments) {
    const blocks = segment.replace(/\r\n?/g, '\n').split(/\n{2,}/);
    for (const block of blocks.slice(1)) {
      const cue = block.trim();
      if (cue.includes('-->')) cues.add(cue);
    }
  }
  return `WEBVTT\n\n${[...cues].join('\n\n')}\n`;
}
