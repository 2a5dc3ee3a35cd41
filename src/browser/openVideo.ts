/**
 * Opening the player overlay from a video card or a video search result (spec §2 Video player
 * overlay; streaming contract: the player helper's `openVideo` action in src/stores/player.ts).
 * The store is loaded only on the first click (no player code before interaction). When the store
 * is not in the build, or fails to load, the click is left alone and the link navigates.
 */
import { videoOpenRequest, type VideoOpenRequest } from '../lib/videoCard';

type PlayerStore = { openVideo?: (request: VideoOpenRequest) => unknown };

// {} when src/stores/player.ts does not exist; else its lazy loader.
const playerStores = import.meta.glob<PlayerStore>('../stores/player.ts');
const loadPlayerStore = Object.values(playerStores)[0];

/** Whether the player overlay can be opened in this build. */
export const canOpenPlayer = loadPlayerStore !== undefined;

/**
 * Opens the video described by a card's or result's data-video-* attributes in the overlay,
 * preventing the link's navigation; does nothing (the link works) when the attributes are
 * incomplete or there is no player store. A failed load falls back to the link's address.
 */
export function openCardVideo(event: Event, data: DOMStringMap): void {
  const request = videoOpenRequest(data);
  if (!request || !loadPlayerStore) return;
  const link = (event.target as Element | null)?.closest?.('a');
  event.preventDefault();
  loadPlayerStore()
    .then((store) => {
      if (typeof store.openVideo !== 'function') throw new Error('src/stores/player.ts has no openVideo');
      store.openVideo(request);
    })
    .catch((error: unknown) => {
      console.error('Could not open the player', error);
      if (link instanceof HTMLAnchorElement) location.assign(link.href);
    });
}
