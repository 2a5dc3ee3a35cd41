/**
 * The players' error box for the React live audio overlay: the same box the video player shows
 * (./surface errorBox: spec §2 "Errors appear in an error box with text and a link"; §6, §8),
 * rendered into a host that takes no box of its own (`display: contents`).
 * Props: access (src/streaming/rules/streamAccess streamAccessOf), mediaType.
 */
import { useEffect, useRef } from 'react';
import type { StreamAccess, StreamMediaType } from '../../streaming/rules/streamAccess';
import { errorBox } from './surface';

export function ErrorBox({ access, mediaType }: { access: StreamAccess; mediaType: StreamMediaType }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    host.current?.replaceChildren(errorBox(access, mediaType));
  }, [access, mediaType]);
  return <div ref={host} className="player-error-host" />;
}
