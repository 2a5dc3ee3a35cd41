/**
 * The live audio player overlay (spec §2 "Live audio player overlay", §4 "Live audio"): heading
 * 'Live Audio', the title, play/pause once ready, and close; 600x120 in a corner, non-modal.
 * Playing sets the volume to 1 after 500 ms (spec §9); pause stops loading and play restarts at
 * the live edge. Session check ('LiveAudio') and lease as for video (./playback). It keeps playing
 * across navigations (its root is `transition:persist` in DefaultLayout).
 * Exposes `data-player-state` (checking, loading, ready, playing, error).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { AUDIO_VOLUME_DELAY_MS } from '../../lib/constants';
import { streamAccessOf, type StreamAccess } from '../../streaming/rules/streamAccess';
import { audioPlayer, closeAudio } from '../../stores/player';
import { SvgIcon } from '../SvgIcon';
import { prepareHls, type Engine, type EngineFailure } from './engines';
import { keepLease, notifyConnectFailure, releaseGrant, claimSession } from './playback';
import { ErrorBox } from './ErrorBox';
import { useResumeOnAccessChange } from './resume';
import { playerNotice } from '../../streaming/rules/playerNotice';
import './player.css';

type Phase = 'checking' | 'loading' | 'ready' | 'playing' | 'error';

function AudioSession({ entryID, title }: { entryID: string; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const engine = useRef<Engine | null>(null);
  const [phase, setPhase] = useState<Phase>('checking');
  const [error, setError] = useState<StreamAccess | null>(null);
  const [attempt, setAttempt] = useState(0);
  const resume = useCallback(() => {
    setError(null);
    setPhase('checking');
    setAttempt((n) => n + 1);
  }, []);
  useResumeOnAccessChange(error !== null && playerNotice(error, 'LiveAudio').resumesOnAccessChange, resume);

  useEffect(() => {
    let cancelled = false;
    let release: (() => void) | null = null;
    const stop = (access: StreamAccess) => {
      engine.current?.destroy();
      engine.current = null;
      release?.();
      if (cancelled) return;
      setError(access);
      setPhase('error');
    };
    const onFatal = (failure: EngineFailure) => {
      if (cancelled) return;
      if (failure.kind === 'network') notifyConnectFailure();
      stop(streamAccessOf({ ok: false, httpStatus: 0, code: failure.code ?? failure.kind }, 'LiveAudio'));
    };
    void (async () => {
      const result = await claimSession(entryID, 'LiveAudio');
      if (cancelled) {
        if (result.ok) releaseGrant(result.grant);
        return;
      }
      if (!result.ok) {
        if (result.connectFailure) notifyConnectFailure();
        setError(result.access);
        setPhase('error');
        return;
      }
      release = keepLease(result.grant, 'LiveAudio', { onTokens: (tokens) => engine.current?.setTokens(tokens), onStop: stop });
      setPhase('loading');
      const media = audio.current;
      if (!media) return;
      const prepared = await prepareHls(result.grant, { firstFragment: false });
      if (cancelled) return prepared.destroy();
      const started = await prepared.attach(media, onFatal);
      if (cancelled) started.destroy();
      else engine.current = started;
    })();
    return () => {
      cancelled = true;
      engine.current?.destroy();
      engine.current = null;
      release?.();
    };
  }, [entryID, attempt]);

  useEffect(() => {
    const media = audio.current;
    if (!media) return;
    let volumeTimer: ReturnType<typeof setTimeout> | undefined;
    const onPlaying = () => {
      setPhase('playing');
      // Once playing, the volume goes to 1 after 500 ms (spec §9), even if a stall or a pause comes between.
      volumeTimer ??= setTimeout(() => {
        media.volume = 1;
      }, AUDIO_VOLUME_DELAY_MS);
    };
    const onPause = () => {
      engine.current?.stopLoad();
      setPhase((p) => (p === 'playing' ? 'ready' : p));
    };
    const onReady = () => setPhase((p) => (p === 'loading' ? 'ready' : p));
    media.addEventListener('playing', onPlaying);
    media.addEventListener('pause', onPause);
    media.addEventListener('canplay', onReady);
    return () => {
      clearTimeout(volumeTimer);
      media.removeEventListener('playing', onPlaying);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('canplay', onReady);
    };
  }, []);

  const toggle = () => {
    const media = audio.current;
    if (!media) return;
    if (phase === 'playing') media.pause();
    else {
      if (media.readyState < 3 || media.ended) engine.current?.startLoad();
      void media.play().catch(() => {});
    }
  };

  return (
    <section className="live-audio" aria-labelledby="live-audio-heading" data-player-state={phase}>
      {(phase === 'ready' || phase === 'playing') && (
        <button type="button" className="live-audio__play" aria-label={phase === 'playing' ? 'Pause' : 'Play'} onClick={toggle}>
          <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={phase === 'playing' ? 'M7 5h4v14H7zM13 5h4v14h-4z' : 'M8 5v14l11-7z'} fill="currentColor" />
          </svg>
        </button>
      )}
      <div className="live-audio__main">
        <h2 id="live-audio-heading" className="live-audio__heading">
          Live Audio
        </h2>
        <p className="live-audio__title">{title}</p>
        {error && <ErrorBox access={error} mediaType="LiveAudio" />}
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- live audio commentary has no caption track (WCAG 1.2.9, live audio-only, is AAA) */}
      <audio ref={audio} preload="auto" />
      <button type="button" className="live-audio__close" aria-label="Close live audio" onClick={() => closeAudio()}>
        <SvgIcon name="close" size={20} />
      </button>
    </section>
  );
}

/** The overlay: a live audio session while the audio modal is open, nothing otherwise. */
export default function LiveAudio() {
  const state = useStore(audioPlayer);
  if (!state.modalOpen) return null;
  return <AudioSession key={state.entryID} entryID={state.entryID} title={state.currentTitle} />;
}
