/**
 * Playback engines (docs/streams-local.md "Playing them"), imported only when a player opens:
 * hls.js for on demand and live audio (the site's light build with alternate audio; captions
 * side-loaded as `<track>`s by ./captions), shaka-player for DRM live
 * (licence URLs and FairPlay certificate from the session check); back buffer 8 s (spec §9), no
 * autoplay. `prepareEngine` starts loading as soon as a stream is granted, before the media element
 * exists; `attach(media, onFatal)` then plays into it. `setTokens` renews the playback token of
 * every later request. Fatal errors reach `onFatal` as { kind: 'network' | 'media' | 'drm', code }.
 */
import type { SessionGrant } from '../../streaming/browser/streamingClient';
import { PLAYER_BACK_BUFFER_SECONDS } from '../../lib/constants';
import { tokenOf, withToken } from '../../streaming/rules/tokenSwap';
import type { StreamMediaType } from '../../streaming/rules/streamAccess';
import { captionTracksOf, sideLoadCaptions, type CaptionTrack, type SideLoadedCaptions } from './captions';

/** The tokens a playing stream uses; the heartbeat replaces them. */
export interface PlaybackTokens {
  /** Playback token (aud 'v') for manifests and segments. */
  token: string;
  /** Licence URLs by key system, each with its own token (aud 'd'). */
  licenceURLs?: SessionGrant['licenceURLs'];
}

/** A fatal playback error. `code` is the library's numeric code as text when it has one. */
export interface EngineFailure {
  kind: 'network' | 'media' | 'drm';
  code?: string;
}

/** A running engine. */
export interface Engine {
  /** Uses these tokens from the next request on. */
  setTokens(tokens: PlaybackTokens): void;
  /** Stops loading (live audio's pause), and starts again from the live edge. */
  stopLoad(): void;
  startLoad(): void;
  /** Detaches from the media element and frees everything. */
  destroy(): void;
}

/** An engine loading a granted stream before it has a media element. */
export interface PreparedEngine {
  /** Plays into `media`; a fatal error met while preparing reaches `onFatal` at once. */
  attach(media: HTMLMediaElement, onFatal: (failure: EngineFailure) => void): Promise<Engine>;
  /** Stops loading and frees everything (a prepared engine nobody attached). */
  destroy(): void;
}

/** Fatal errors met before `attach` are kept for the handler `attach` brings. */
function fatalRelay(): { report: (failure: EngineFailure) => void; handTo: (onFatal: (failure: EngineFailure) => void) => void } {
  let handler: ((failure: EngineFailure) => void) | null = null;
  let kept: EngineFailure | null = null;
  return {
    report(failure) {
      if (handler) handler(failure);
      else kept ??= failure;
    },
    handTo(onFatal) {
      handler = onFatal;
      if (kept) onFatal(kept);
    },
  };
}

/** hls.js's own first guess of the bandwidth (bits/s) when the browser offers none. */
const HLS_DEFAULT_ESTIMATE = 500_000;

/**
 * The bandwidth (bits/s) hls.js starts its choice of rendition from: the browser's estimate of the
 * connection's downlink (`navigator.connection.downlink`, Mbit/s, Chromium caps it at 10) when
 * there is one, else hls.js's default. With it hls.js starts at the rendition the connection can
 * carry instead of fetching a first fragment of the lowest one to measure (`testBandwidth: false`).
 */
export function startBandwidthEstimate(downlinkMbps: number | undefined): number {
  if (downlinkMbps === undefined || !Number.isFinite(downlinkMbps) || downlinkMbps <= 0) return HLS_DEFAULT_ESTIMATE;
  return Math.round(downlinkMbps * 1_000_000);
}

function browserDownlink(): number | undefined {
  return (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
}

/**
 * Starts loading `grant.manifestURL` with hls.js (on demand or live audio) before a media element
 * is attached; with `firstFragment` (on demand) the first fragment too.
 */
export async function prepareHls(grant: SessionGrant, { firstFragment }: { firstFragment: boolean }): Promise<PreparedEngine> {
  const { default: Hls } = await import('hls.js');
  let token = grant.token;
  const fatal = fatalRelay();
  const hls = new Hls({
    backBufferLength: PLAYER_BACK_BUFFER_SECONDS,
    autoStartLoad: true,
    startLevel: -1,
    abrEwmaDefaultEstimate: startBandwidthEstimate(browserDownlink()),
    testBandwidth: false,
    // On demand, the first fragment loads while the overlay mounts, before the media element is attached.
    startFragPrefetch: firstFragment,
    // hls.js's transmuxing worker can fall behind the live window on a loaded two-core machine
    // (docs/streams-local.md); CMAF needs no transmuxing anyway.
    enableWorker: false,
    xhrSetup(xhr, url) {
      xhr.open('GET', withToken(url, token), true);
    },
  });
  let recovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) fatal.report({ kind: 'network', code: data.details });
    else if (data.type === Hls.ErrorTypes.KEY_SYSTEM_ERROR) fatal.report({ kind: 'drm', code: data.details });
    else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      // One recovery attempt, as hls.js recommends; a second fatal media error ends playback.
      if (!recovered) {
        recovered = true;
        hls.recoverMediaError();
      } else fatal.report({ kind: 'media', code: data.details });
    } else fatal.report({ kind: 'media', code: data.details });
  });
  // Captions: the master playlist's text renditions, side-loaded once both it and the media are known.
  let captionTracks: CaptionTrack[] | null = null;
  let media: HTMLMediaElement | null = null;
  let captions: SideLoadedCaptions | null = null;
  const sideLoad = () => {
    if (captions || !media || !captionTracks) return;
    captions = sideLoadCaptions(media, captionTracks);
    captions.setToken(token);
  };
  hls.on(Hls.Events.MANIFEST_LOADED, (_event, data) => {
    captionTracks = captionTracksOf(data.subtitles ?? [], grant.manifestURL);
    sideLoad();
  });
  hls.loadSource(grant.manifestURL);
  const destroy = () => {
    captions?.remove();
    hls.destroy();
  };
  const engine: Engine = {
    setTokens(next) {
      token = next.token;
      captions?.setToken(token);
    },
    stopLoad() {
      hls.stopLoad();
    },
    startLoad() {
      hls.startLoad(-1);
    },
    destroy,
  };
  return {
    attach(element, onFatal) {
      fatal.handTo(onFatal);
      media = element;
      hls.attachMedia(element);
      sideLoad();
      return Promise.resolve(engine);
    },
    destroy,
  };
}

/** shaka-player key system names for the licence URLs the session check hands out. */
const KEY_SYSTEMS = {
  clearkey: 'org.w3.clearkey',
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
  fairplay: 'com.apple.fps',
} as const;

/** The shaka-player DRM configuration for a grant (licence servers and FairPlay certificate). */
export function shakaDrmConfig(grant: Pick<SessionGrant, 'licenceURLs' | 'fairplayCertificateURL'>): {
  servers: Record<string, string>;
  advanced: Record<string, { serverCertificateUri: string }>;
} {
  const servers: Record<string, string> = {};
  for (const [name, system] of Object.entries(KEY_SYSTEMS)) {
    const url = grant.licenceURLs?.[name as keyof typeof KEY_SYSTEMS];
    if (url) servers[system] = url;
  }
  const advanced: Record<string, { serverCertificateUri: string }> = {};
  if (grant.fairplayCertificateURL) advanced[KEY_SYSTEMS.fairplay] = { serverCertificateUri: grant.fairplayCertificateURL };
  return { servers, advanced };
}

/** The licence token to put on a licence request to `uri`: that key system's newest URL's token. */
function licenceTokenFor(uri: string, tokens: PlaybackTokens): string {
  for (const url of Object.values(tokens.licenceURLs ?? {})) {
    if (!url) continue;
    const base = url.split('?')[0];
    if (base && uri.startsWith(base)) return tokenOf(url);
  }
  return '';
}

/**
 * How shaka-player retries a failed request for a live manifest or segment: up to 7 attempts, 1 s
 * apart. shaka's own default is 2 attempts, after which a live stream stops with a critical error
 * (two 500s in a row for one segment ended playback; tests/e2e/faults.spec.ts); hls.js, for the
 * other players, retries a segment 6 times by default. A segment still failing after ~6 s is a
 * fatal network error (spec §8's generic error, never a silent stall).
 */
export function shakaRetryParameters(): { maxAttempts: number; baseDelay: number; backoffFactor: number; fuzzFactor: number } {
  return { maxAttempts: 7, baseDelay: 1_000, backoffFactor: 1, fuzzFactor: 0.5 };
}

/** Starts preloading a DRM live stream with shaka-player (manifest and initialisation segments) before a media element is attached. */
export async function prepareShaka(grant: SessionGrant): Promise<PreparedEngine> {
  const { default: shaka } = await import('shaka-player');
  shaka.polyfill.installAll();
  let tokens: PlaybackTokens = { token: grant.token, licenceURLs: grant.licenceURLs };
  const player = new shaka.Player();
  player.configure({
    drm: shakaDrmConfig(grant),
    streaming: { bufferBehind: PLAYER_BACK_BUFFER_SECONDS, retryParameters: shakaRetryParameters() },
    manifest: { retryParameters: shakaRetryParameters() },
  });
  const license = shaka.net.NetworkingEngine.RequestType.LICENSE;
  player.getNetworkingEngine()?.registerRequestFilter((type, request) => {
    const token = type === license ? null : tokens.token;
    request.uris = request.uris.map((uri) => withToken(uri, token ?? licenceTokenFor(uri, tokens)));
  });
  const fatal = fatalRelay();
  const category = shaka.util.Error.Category;
  const fail = (error: { category: number; code: number }) => {
    const code = String(error.code);
    if (error.category === category.DRM) fatal.report({ kind: 'drm', code });
    else if (error.category === category.NETWORK || error.category === category.MANIFEST) fatal.report({ kind: 'network', code });
    else fatal.report({ kind: 'media', code });
  };
  player.addEventListener('error', (event) => {
    const detail = (event as unknown as { detail?: { category: number; code: number; severity: number } }).detail;
    if (detail && detail.severity === shaka.util.Error.Severity.CRITICAL) fail(detail);
  });
  // A failed preload leaves the load to find (and report) the error.
  const preloading = player.preload(grant.manifestURL).catch(() => null);
  const engine: Engine = {
    setTokens(next) {
      tokens = next;
    },
    stopLoad() {
      player.getMediaElement()?.pause();
    },
    startLoad() {
      player.goToLive();
    },
    destroy() {
      void player.destroy();
    },
  };
  return {
    async attach(media, onFatal) {
      fatal.handTo(onFatal);
      await player.attach(media);
      try {
        await player.load((await preloading) ?? grant.manifestURL);
      } catch (error) {
        if (error instanceof shaka.util.Error) fail(error);
        else fatal.report({ kind: 'media' });
      }
      return engine;
    },
    destroy() {
      void preloading.then((manager) => manager?.destroy());
      void player.destroy();
    },
  };
}

/** Prepares the engine of a media type: shaka-player for DRM live video, hls.js otherwise. */
export function prepareEngine(grant: SessionGrant, mediaType: StreamMediaType): Promise<PreparedEngine> {
  return mediaType === 'DrmLiveVideo' ? prepareShaka(grant) : prepareHls(grant, { firstFragment: mediaType === 'OnDemand' });
}
