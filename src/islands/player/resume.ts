/**
 * A refused play waits for the viewer to change (spec §4 "Lock state … re-evaluated when login or
 * entitlements change"): `useResumeOnAccessChange(pending, resume)` calls `resume` once each time
 * src/stores/videoAccess changes (sign-in, sign-out, entitlements loaded) while `pending` is true.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { videoAccess } from '../../stores/videoAccess';

/** Calls `resume` when the viewer's login or entitlements change while a play is `pending`. */
export function useResumeOnAccessChange(pending: boolean, resume: () => void): void {
  const access = useStore(videoAccess);
  const seen = useRef(access);
  useEffect(() => {
    if (seen.current === access) return;
    seen.current = access;
    if (pending) resume();
  }, [access, pending, resume]);
}
