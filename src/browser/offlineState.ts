/**
 * Whether the site can reach the network, for islands that show live data (docs/offline.md
 * "Offline state"): a live island shows "offline" and when it last heard, never a frozen minute
 * as live. `$offline` follows the browser's online/offline events; `$pageSavedAt` is set while
 * the page on screen is a copy the service worker kept (src/browser/offlineRegistration.ts), else undefined.
 * In an island: `const offline = useStore($offline)` (@nanostores/react).
 */
import { atom } from 'nanostores';

/** True while the browser has no network. */
export const $offline = atom<boolean>(typeof navigator !== 'undefined' && navigator.onLine === false);

/** When the page on screen was saved, while it is a kept copy (no network answered for it). */
export const $pageSavedAt = atom<Date | undefined>(undefined);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => $offline.set(false));
  window.addEventListener('offline', () => $offline.set(true));
}
