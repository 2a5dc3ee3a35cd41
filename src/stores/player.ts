/**
 * Video and live-audio player state (spec §3 Video player state) and spec §4's panel rules: opening
 * the media player closes the audio modal and records type, id, name and section; closing closes
 * both; the audio player records entry id and title. Catalogue code calls `openVideo(...)`; the
 * player islands (src/islands/player/) subscribe and load their code when a player opens; static
 * pages use `data-play-video` / `data-play-audio` triggers instead.
 */
import { atom, map } from 'nanostores';

/** The two video media types of spec §3; 'LiveAudio' is the audio player's. */
export type VideoMediaType = 'OnDemand' | 'DrmLiveVideo';

/** spec §3 default of currentVideoName and of the audio currentTitle. */
export const NO_TITLE = 'No title';

/** What the video player shows (spec §3 Video player state). */
export interface VideoPlayerState {
  /** Whether the overlay is open. */
  open: boolean;
  mediaType: VideoMediaType;
  /** The video's entry id (mediaData.entryId) or the stream asset id; '' when closed. */
  currentVideoID: string;
  /** Title shown in the overlay; 'No title' when none. */
  currentVideoName: string;
  /** The sidebar's section (a category slug), '' for 'Latest', 'hidden' to hide the sidebar. */
  currentSection: string;
}

/** Audio player state (spec §3: entryID, modalOpen, currentTitle). */
export interface AudioPlayerState {
  modalOpen: boolean;
  /** The live audio stream's entry id; '' when closed or missing. */
  entryID: string;
  currentTitle: string;
}

const CLOSED_VIDEO: VideoPlayerState = { open: false, mediaType: 'OnDemand', currentVideoID: '', currentVideoName: NO_TITLE, currentSection: '' };
const CLOSED_AUDIO: AudioPlayerState = { modalOpen: false, entryID: '', currentTitle: NO_TITLE };

export const videoPlayer = map<VideoPlayerState>({ ...CLOSED_VIDEO });
export const audioPlayer = map<AudioPlayerState>({ ...CLOSED_AUDIO });

/** The element that opened the video overlay, so focus can return to it on close. */
export const videoOpener = atom<HTMLElement | null>(null);

/** What `openVideo` takes: the entry id is required, the rest default as spec §3 says. */
export interface OpenVideoInput {
  /** mediaData.entryId of a video, or the stream asset id of a live stream. */
  videoID: string;
  /** 'OnDemand' (default) or 'DrmLiveVideo'. */
  mediaType?: VideoMediaType;
  /** Title for the overlay heading; '' or missing gives 'No title'. */
  name?: string;
  /** Sidebar section: a category slug (shows 'Related'), '' ('Latest') or 'hidden'. */
  section?: string;
  /** The element clicked, focused again when the overlay closes. */
  opener?: HTMLElement | null;
}

/**
 * Opens the video player overlay for one video (spec §4): closes the audio modal and records type,
 * id, name and section. An empty videoID is ignored.
 */
export function openVideo(input: OpenVideoInput): void {
  if (!input.videoID) return;
  closeAudio();
  videoOpener.set(input.opener ?? null);
  videoPlayer.set({
    open: true,
    mediaType: input.mediaType ?? 'OnDemand',
    currentVideoID: input.videoID,
    currentVideoName: input.name || NO_TITLE,
    currentSection: input.section ?? '',
  });
}

/** Closes the video overlay and the audio modal (spec §4: closing closes both players). */
export function closeVideo(): void {
  videoPlayer.set({ ...CLOSED_VIDEO });
  closeAudio();
}

/** Opens the live audio player (spec §4): records the entry id ('' if missing) and the title. */
export function openAudio(entryID: string | undefined, title?: string): void {
  audioPlayer.set({ modalOpen: true, entryID: entryID ?? '', currentTitle: title || NO_TITLE });
}

/** Closes the live audio player and resets its id and title. */
export function closeAudio(): void {
  if (audioPlayer.get().modalOpen) audioPlayer.set({ ...CLOSED_AUDIO });
}
