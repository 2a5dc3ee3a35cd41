// @ts-check
/**
 * The local demo streams: their playback IDs, what each carries, and the timing they share (table
 * in docs/streams-local.md "Local streams"). Read by ./generate.mjs, ./host.mjs and the tests;
 * stream assets in the demo data point at these playback IDs. Assets with different access rules
 * never share a playback ID (src/streaming/server/streamCatalogue.ts refuses it), so each set of rules
 * has its own.
 */

/** Length of every segment, in seconds. */
export const SEGMENT_SECONDS = 2;

/**
 * Length of the generated media, in seconds: live streams loop it. A multiple of 8 s so that AAC
 * at 48 kHz (1,024 samples a frame) fills it with whole frames, and of SEGMENT_SECONDS.
 */
export const LOOP_SECONDS = 24;

/**
 * Segments in a live playlist's sliding window (20 s): players start three target durations from
 * its end, and a slow client (a loaded CI machine) keeps some slack before it falls out.
 */
export const LIVE_WINDOW_SEGMENTS = 10;

/**
 * @typedef {object} DemoStream
 * @property {string} playbackId Mux-style playback ID (letters and digits)
 * @property {string} title
 * @property {'vod' | 'live'} kind
 * @property {boolean} video ladder of two video renditions (else audio only)
 * @property {boolean} captions WebVTT captions track
 * @property {boolean} clearKey encrypted with ClearKey (CENC)
 */

/** @type {readonly DemoStream[]} */
export const DEMO_STREAMS = Object.freeze([
  { playbackId: 'DemoReplay01', title: 'Demo replay (on demand, captions)', kind: 'vod', video: true, captions: true, clearKey: false },
  { playbackId: 'DemoReplayFree01', title: 'Demo replay open to everyone', kind: 'vod', video: true, captions: true, clearKey: false },
  { playbackId: 'DemoReplayMember01', title: 'Demo replay for signed-in supporters', kind: 'vod', video: true, captions: true, clearKey: false },
  { playbackId: 'DemoLiveVideo01', title: 'Demo live video', kind: 'live', video: true, captions: false, clearKey: false },
  { playbackId: 'DemoLiveVideo02', title: 'Demo live video (UK and Ireland only)', kind: 'live', video: true, captions: false, clearKey: false },
  { playbackId: 'DemoLiveAudio01', title: 'Demo live audio', kind: 'live', video: false, captions: false, clearKey: false },
  { playbackId: 'DemoDrmLive01', title: 'Demo live video with DRM (ClearKey)', kind: 'live', video: true, captions: false, clearKey: true },
  { playbackId: 'DemoDrmLive02', title: 'Demo live video with DRM for a match pass', kind: 'live', video: true, captions: false, clearKey: true },
]);
