/**
 * The player in the video overlay's body (spec §2 Video player overlay; §4 "Playing a video",
 * "Stream session check"; §8): takes the session check started at the click
 * (./playback claimSession; no sooner than the player load delay, 100 ms, spec §9) and plays the stream with hls.js
 * (OnDemand) or shaka-player (DrmLiveVideo), with the browser's own media controls: keyboard and
 * screen reader operable, a captions menu for the stream's WebVTT tracks, picture-in-picture, and
 * Cast (Chromium) or AirPlay (Safari) where the browser has them. media-chrome was tried and
 * dropped: its controls style themselves with <style> elements in their shadow roots, which the
 * site's Content-Security-Policy (style-src without 'unsafe-inline') refuses, leaving
 * them unstyled; the native controls need no code at all. No autoplay (spec §9): the viewer
 * presses play.
 *
 * A refusal shows one notice in place of the picture (./ErrorBox, src/lib/playerNotice: spec §6's
 * sign-in text, or §8's text with 'Subscribe now'); on-demand status 0 also opens the login
 * prompt. A refused play is pending: when login or entitlements change (src/stores/videoAccess,
 * spec §4) the session check runs again and the play resumes. A stream that cannot be reached
 * shows the connect failure notification. Props: videoID, mediaType, title. Exposes
 * `data-player-state` (checking, loading, ready, error) on its root for tests.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { playerNotice } from '../../lib/playerNotice';
import { streamAccessOf, type StreamAccess } from '../../lib/streamAccess';
import { closeVideo } from '../../stores/player';
import { openLoginPrompt, openUpgradePromo } from '../../stores/ui';
import type { VideoMediaType } from '../../stores/player';
import { startHls, startShaka, type Engine, type EngineFailure } from './engines';
import { keepLease, notifyConnectFailure, releaseGrant, claimSession } from './playback';
import { ErrorBox } from './ErrorBox';
import { useResumeOnAccessChange } from './resume';

export interface VideoSurfaceProps {
  videoID: string;
  mediaType: VideoMediaType;
  title: string;
}

type Phase = { name: 'checking' } | { name: 'loading' } | { name: 'ready' } | { name: 'error'; access: StreamAccess };

export default function VideoSurface({ videoID, mediaType, title }: VideoSurfaceProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const notice = phase.name === 'error' ? playerNotice(phase.access, mediaType) : null;
  const resume = useCallback(() => {
    setPhase({ name: 'checking' });
    setAttempt((n) => n + 1);
  }, []);
  useResumeOnAccessChange(notice?.resumesOnAccessChange === true, resume);

  useEffect(() => {
    let cancelled = false;
    let engine: Engine | null = null;
    let release: (() => void) | null = null;
    const stop = (access: StreamAccess) => {
      engine?.destroy();
      engine = null;
      release?.();
      if (!cancelled) setPhase({ name: 'error', access });
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
          // One state: the promo (about live games) replaces the player.
          closeVideo();
          openUpgradePromo();
          return;
        }
        setPhase({ name: 'error', access: result.access });
        if (result.access.openLoginPrompt) openLoginPrompt(result.access.text);
        return;
      }
      release = keepLease(result.grant, mediaType, { onTokens: (tokens) => engine?.setTokens(tokens), onStop: stop });
      setPhase({ name: 'loading' });
      const media = video.current;
      if (!media) return;
      const start = mediaType === 'DrmLiveVideo' ? startShaka : startHls;
      const started = await start({ media, grant: result.grant, onFatal });
      if (cancelled) started.destroy();
      else engine = started;
    })();
    return () => {
      cancelled = true;
      engine?.destroy();
      release?.();
    };
  }, [videoID, mediaType, attempt]);

  const refused = notice !== null && notice.action !== null;
  return (
    <div className={`player-surface${refused ? ' player-surface--refused' : ''}`} data-player-state={phase.name} data-media-type={mediaType}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- captions are the stream's WebVTT subtitle tracks, which hls.js adds as text tracks (the captions menu of the controls lists them) */}
      <video
        ref={video}
        className="player-surface__video"
        controls={!refused}
        playsInline
        preload="auto"
        onLoadedData={() => setPhase((p) => (p.name === 'loading' ? { name: 'ready' } : p))}
        aria-label={`Video player: ${title}`}
      />
      {phase.name === 'error' && <ErrorBox access={phase.access} mediaType={mediaType} />}
    </div>
  );
}
