/**
 * The video player overlay (spec §2 "Video player overlay"; §4 "Panels and background lock"): a
 * native modal <dialog> — focus moves in and stays there, the page behind is inert and does not
 * scroll (html:has(dialog:modal)), Escape and the close button close it and focus returns to the
 * element that opened it. Header with the club logo and close; body with the player
 * (./VideoSurface); the sidebar ('Related' for a section, 'Latest' without, none for 'hidden';
 * src/lib/playerSidebar) with thumbnails 200 wide, duration, 'D MMM YYYY' date, title cut at 48
 * + '…', a padlock or video icon, locked items dimmed and the current one highlighted; shown from
 * 1024 px wide, 500 px wide (spec §2).
 *
 * Driven by src/stores/player (openVideo / closeVideo). Loaded only when a player first opens
 * (./triggers.ts), with everything it imports.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { z } from '../../lib/zod';
import { closeVideo, openVideo, videoOpener, videoPlayer } from '../../stores/player';
import { lockedFor, videoAccess } from '../../stores/videoAccess';
import { sidebarHeading, sidebarItems } from '../../lib/playerSidebar';
import { truncateTitle } from '../../lib/duration';
import { VIDEO_THUMBNAIL_WIDTH_SIDEBAR } from '../../lib/constants';
import { useModalDialog } from '../useModalDialog';
import { SvgIcon } from '../SvgIcon';
import VideoSurface from './VideoSurface';
import './player.css';

/** The site's video list (/search/videos.json, built from the video content): what the sidebar needs. */
const sidebarListSchema = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    duration: z.string(),
    thumbnail: z.string(),
    entitlements: z.array(z.string()),
    category: z.string(),
    releaseFrom: z.string(),
  }),
);
type SidebarEntry = z.infer<typeof sidebarListSchema>[number];

/** Where the sidebar's list comes from (a static file of the build). */
export const SIDEBAR_LIST_URL = '/search/videos.json';

/** The video icon of an unlocked item (decorative). */
function PlayIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}

let listPromise: Promise<SidebarEntry[]> | null = null;
function loadList(): Promise<SidebarEntry[]> {
  listPromise ??= fetch(SIDEBAR_LIST_URL)
    .then((r) => (r.ok ? r.json() : []))
    .then((json: unknown) => {
      const parsed = sidebarListSchema.safeParse(json);
      return parsed.success ? parsed.data : [];
    })
    .catch(() => {
      listPromise = null;
      return [];
    });
  return listPromise;
}

function Sidebar({ section, currentID }: { section: string; currentID: string }) {
  const heading = sidebarHeading(section);
  const access = useStore(videoAccess);
  const [list, setList] = useState<SidebarEntry[]>([]);
  useEffect(() => {
    if (heading === null) return;
    let live = true;
    void loadList().then((all) => {
      if (live) setList(all);
    });
    return () => {
      live = false;
    };
  }, [heading]);
  if (heading === null) return null;
  const items = sidebarItems(list, section, currentID);
  return (
    <aside className="player-sidebar" aria-labelledby="player-sidebar-heading">
      <h3 id="player-sidebar-heading" className="player-sidebar__heading">
        {heading}
      </h3>
      <ul className="player-sidebar__list">
        {items.map((item) => {
          const locked = lockedFor(access, item.entitlements);
          const current = item.id === currentID;
          return (
            <li key={item.id}>
              <button
                type="button"
                className={`player-sidebar__item${locked ? ' player-sidebar__item--locked' : ''}${current ? ' player-sidebar__item--current' : ''}`}
                aria-current={current ? 'true' : undefined}
                data-locked={locked ? 'true' : 'false'}
                onClick={() => openVideo({ videoID: item.id, name: item.title, section, opener: videoOpener.get() })}
              >
                <span className="player-sidebar__thumb">
                  <img
                    src={item.thumbnail}
                    width={VIDEO_THUMBNAIL_WIDTH_SIDEBAR}
                    height={Math.round((VIDEO_THUMBNAIL_WIDTH_SIDEBAR * 9) / 16)}
                    alt=""
                    loading="lazy"
                  />
                  <span className="player-sidebar__duration">{item.duration}</span>
                  <span className="player-sidebar__icon">
                    {locked ? <SvgIcon name="lock" size={14} /> : <PlayIcon />}
                    <span className="visually-hidden">{locked ? 'Locked: subscribers only' : 'Video'}</span>
                  </span>
                </span>
                <span className="player-sidebar__text">
                  <span className="player-sidebar__date">{item.date}</span>
                  <span className="player-sidebar__title" title={item.title}>
                    {truncateTitle(item.title)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

/** The overlay; renders nothing visible while closed. */
export default function VideoOverlay() {
  const state = useStore(videoPlayer);
  const dialog = useModalDialog(state.open);

  useEffect(() => {
    if (state.open) return;
    const opener = videoOpener.get();
    if (opener?.isConnected) opener.focus();
    videoOpener.set(null);
  }, [state.open]);

  return (
    <dialog
      ref={dialog}
      id="video-player"
      className="video-overlay"
      aria-labelledby="video-player-title"
      onClose={() => closeVideo()}
      onCancel={() => closeVideo()}
    >
      <header className="video-overlay__header">
        {/* Not prefetched: the dialog focuses it on opening, while the stream needs the bandwidth. */}
        <a href="/" className="video-overlay__logo" aria-label="Home" data-astro-prefetch="false">
          <img src="/media/club/crest.svg" width="30" height="35" alt="" />
        </a>
        <h2 id="video-player-title" className="video-overlay__title">
          {state.currentVideoName}
        </h2>
        <button type="button" className="video-overlay__close" aria-label="Close video player" onClick={() => closeVideo()}>
          <SvgIcon name="close" size={22} />
        </button>
      </header>
      {state.open && (
        <div className="video-overlay__body">
          <VideoSurface
            key={`${state.mediaType}:${state.currentVideoID}`}
            videoID={state.currentVideoID}
            mediaType={state.mediaType}
            title={state.currentVideoName}
          />
          <Sidebar section={state.currentSection} currentID={state.currentVideoID} />
        </div>
      )}
    </dialog>
  );
}
