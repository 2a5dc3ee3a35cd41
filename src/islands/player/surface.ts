/**
 * The player in the video overlay's body (spec §2 Video player overlay; §4 "Playing a video",
 * "Stream session check"; §8), as plain DOM: claims the session check started at the click (no
 * sooner than the 100 ms load delay, spec §9) and plays in the browser's own controls with the
 * prepared engine. A refusal shows one notice in place of the picture (src/streaming/rules/playerNotice) and
 * stays pending: when login or entitlements change the check runs again and the play resumes. An
 * on-demand status 1 or 2 instead closes the player and opens the upgrade promo (spec §4).
 * `createSurface({ videoID, mediaType, title })` → { element, destroy }; the element exposes
 * `data-player-state` (checking, loading, ready, error).
 */
import { playerNotice } from '../../streaming/rules/playerNotice';
import { streamAccessOf, type StreamAccess, type StreamMediaType } from '../../streaming/rules/streamAccess';
import { closeVideo, type VideoMediaType } from '../../stores/player';
import { openLoginPrompt, openSubscribePanel, openUpgradePromo } from '../../stores/ui';
import { videoAccess } from '../../stores/videoAccess';
import { h } from './dom';
import { prepareEngine, type Engine, type EngineFailure } from './engines';
import { claimSession, keepLease, notifyConnectFailure, releaseGrant, takePreparedEngine } from './playback';

/**
 * The players' error box (spec §2: "Errors appear in an error box with text and a link"; §6, §8):
 * the notice's text, a line fitting the item, its one action ('Sign In Or Register' opens the login
 * prompt, 'Subscribe now' the subscribe packages panel) and its links; an alert, so screen readers
 * announce it when it appears.
 */
export function errorBox(access: StreamAccess, mediaType: StreamMediaType): HTMLElement {
  const notice = playerNotice(access, mediaType);
  const { action } = notice;
  return h('div', { class: 'player-error', role: 'alert', 'data-code': access.code ?? '', 'data-status': access.status ?? '' }, [
    h('p', { class: 'player-error__text' }, [notice.text]),
    notice.detail && h('p', { class: 'player-error__detail' }, [notice.detail]),
    action &&
      h('p', { class: 'player-error__action' }, [
        h('button', { type: 'button', class: 'button button--primary-light' }, [action.label], () =>
          action.kind === 'sign-in' ? openLoginPrompt(action.promptText) : openSubscribePanel(),
        ),
      ]),
    notice.links.length > 0 &&
      h(
        'p',
        { class: 'player-error__links' },
        notice.links.map((link) => h('a', { href: link.href }, [link.text])),
      ),
  ]);
}

type Phase = 'checking' | 'loading' | 'ready' | 'error';

/** A player for one video; `destroy` stops it and releases its lease. */
export function createSurface({ videoID, mediaType, title }: { videoID: string; mediaType: VideoMediaType; title: string }): {
  element: HTMLElement;
  destroy: () => void;
} {
  // crossorigin: the side-loaded caption tracks come from the stream host (./captions).
  const video = h('video', {
    class: 'player-surface__video',
    controls: true,
    playsinline: true,
    preload: 'auto',
    crossorigin: 'anonymous',
    'aria-label': `Video player: ${title}`,
  });
  const element = h('div', { class: 'player-surface', 'data-player-state': 'checking', 'data-media-type': mediaType }, [video]);
  let phase: Phase = 'checking';
  let pending = false;
  let stopPlay: () => void = () => {};

  function show(next: Phase, access?: StreamAccess): void {
    phase = next;
    element.dataset.playerState = next;
    element.querySelector('.player-error')?.remove();
    const notice = access ? playerNotice(access, mediaType) : null;
    const refused = notice !== null && notice.action !== null;
    element.classList.toggle('player-surface--refused', refused);
    video.controls = !refused;
    pending = notice?.resumesOnAccessChange === true;
    if (access) element.append(errorBox(access, mediaType));
  }
  video.addEventListener('loadeddata', () => {
    if (phase === 'loading') show('ready');
  });

  /** One attempt to play: the session check, then the engine. Returns its stop function. */
  function play(): () => void {
    let cancelled = false;
    let engine: Engine | null = null;
    let release: (() => void) | null = null;
    const stop = (access: StreamAccess) => {
      engine?.destroy();
      engine = null;
      release?.();
      if (!cancelled) show('error', access);
    };
    const onFatal = (failure: EngineFailure) => {
      if (cancelled) return;
      if (failure.kind === 'network') notifyConnectFailure();
      stop(streamAccessOf({ ok: false, httpStatus: 0, code: failure.code ?? failure.kind }, mediaType));
    };
    void (async () => {
      const result = await claimSession(videoID, mediaType);
      if (cancelled) {
        if (result.ok) releaseGrant(result.grant);
        return;
      }
      if (!result.ok) {
        if (result.connectFailure) notifyConnectFailure();
        if (result.access.openUpgradePromo) {
          // Spec §4: a replay refused for want of a subscription gives way to the upgrade promo.
          closeVideo();
          openUpgradePromo();
          return;
        }
        show('error', result.access);
        if (result.access.openLoginPrompt) openLoginPrompt(result.access.text);
        return;
      }
      release = keepLease(result.grant, mediaType, { onTokens: (tokens) => engine?.setTokens(tokens), onStop: stop });
      show('loading');
      // The engine started at the click, loading since the grant arrived, or a new one.
      const early = takePreparedEngine(result.grant.leaseID);
      const prepared = (early && (await early)) ?? (await prepareEngine(result.grant, mediaType));
      if (cancelled) return prepared.destroy();
      const started = await prepared.attach(video, onFatal);
      if (cancelled) started.destroy();
      else engine = started;
    })();
    return () => {
      cancelled = true;
      engine?.destroy();
      release?.();
    };
  }

  stopPlay = play();
  // A refused play resumes when the viewer's login or entitlements change (spec §4).
  const unlisten = videoAccess.listen(() => {
    if (!pending) return;
    stopPlay();
    show('checking');
    stopPlay = play();
  });
  return {
    element,
    destroy() {
      unlisten();
      stopPlay();
    },
  };
}
