/**
 * The video player overlay (spec §2 "Video player overlay"; §4 "Panels and background lock") as
 * plain DOM: a native modal <dialog> (focus stays in, the page behind is inert and does not
 * scroll, Escape and close return focus to the opener) with the club logo, the player (./surface)
 * and, from 1024 px, the 500 px sidebar ('Related', 'Latest' or none; src/lib/playerSidebar).
 * Driven by src/stores/player: `mountVideoOverlay()` renders it into `#video-player-root` once;
 * loaded only when a player first opens.
 */
import { closeVideo, openVideo, videoOpener, videoPlayer, type VideoPlayerState } from '../../stores/player';
import { lockedFor, videoAccess } from '../../stores/videoAccess';
import { sidebarHeading, sidebarItems } from '../../lib/playerSidebar';
import { truncateTitle } from '../../lib/duration';
import { VIDEO_THUMBNAIL_WIDTH_SIDEBAR } from '../../lib/constants';
import { readSidebarList, type SidebarEntry } from './sidebarList';
import { h, playIcon, svgIcon } from './dom';
import { createSurface } from './surface';
import './player.css';

/** Where the sidebar's list comes from (a static file of the build). */
const SIDEBAR_LIST_URL = '/search/videos.json';

let listPromise: Promise<SidebarEntry[]> | null = null;
function loadList(): Promise<SidebarEntry[]> {
  listPromise ??= fetch(SIDEBAR_LIST_URL)
    .then((r) => (r.ok ? r.json() : []))
    .then((json: unknown) => readSidebarList(json) ?? [])
    .catch(() => {
      listPromise = null;
      return [];
    });
  return listPromise;
}

/** The sidebar's list of items for a section (empty until the list has loaded). */
function sidebarList(list: SidebarEntry[], section: string, currentID: string): HTMLUListElement {
  const access = videoAccess.get();
  return h(
    'ul',
    { class: 'player-sidebar__list' },
    sidebarItems(list, section, currentID).map((item) => {
      const locked = lockedFor(access, item.entitlements);
      const current = item.id === currentID;
      const className = `player-sidebar__item${locked ? ' player-sidebar__item--locked' : ''}${current ? ' player-sidebar__item--current' : ''}`;
      return h('li', {}, [
        h(
          'button',
          { type: 'button', class: className, 'aria-current': current ? 'true' : undefined, 'data-locked': locked ? 'true' : 'false' },
          [
            h('span', { class: 'player-sidebar__thumb' }, [
              h('img', {
                src: item.thumbnail,
                width: VIDEO_THUMBNAIL_WIDTH_SIDEBAR,
                height: Math.round((VIDEO_THUMBNAIL_WIDTH_SIDEBAR * 9) / 16),
                alt: '',
                loading: 'lazy',
              }),
              h('span', { class: 'player-sidebar__duration' }, [item.duration]),
              h('span', { class: 'player-sidebar__icon' }, [
                locked ? svgIcon('lock', 14) : playIcon(),
                h('span', { class: 'visually-hidden' }, [locked ? 'Locked: subscribers only' : 'Video']),
              ]),
            ]),
            h('span', { class: 'player-sidebar__text' }, [
              h('span', { class: 'player-sidebar__date' }, [item.date]),
              h('span', { class: 'player-sidebar__title', title: item.title }, [truncateTitle(item.title)]),
            ]),
          ],
          () => openVideo({ videoID: item.id, name: item.title, section, opener: videoOpener.get() }),
        ),
      ]);
    }),
  );
}

/** The sidebar of a section, kept up to date with the list and the viewer's access; null for 'hidden'. */
function createSidebar(section: string, currentID: string): { element: HTMLElement; destroy: () => void } | null {
  const heading = sidebarHeading(section);
  if (heading === null) return null;
  let list: SidebarEntry[] = [];
  let live = true;
  const element = h('aside', { class: 'player-sidebar', 'aria-labelledby': 'player-sidebar-heading' }, [
    h('h3', { id: 'player-sidebar-heading', class: 'player-sidebar__heading' }, [heading]),
    sidebarList(list, section, currentID),
  ]);
  const render = () => element.querySelector('.player-sidebar__list')?.replaceWith(sidebarList(list, section, currentID));
  void loadList().then((all) => {
    if (!live) return;
    list = all;
    render();
  });
  const unlisten = videoAccess.listen(render);
  return {
    element,
    destroy() {
      live = false;
      unlisten();
    },
  };
}

let mounted = false;

/** Renders the overlay into #video-player-root (once) and keeps it in step with src/stores/player. */
export function mountVideoOverlay(): void {
  if (mounted) return;
  mounted = true;
  const title = h('h2', { id: 'video-player-title', class: 'video-overlay__title' });
  const dialog = h('dialog', { id: 'video-player', class: 'video-overlay', 'aria-labelledby': 'video-player-title' }, [
    h('header', { class: 'video-overlay__header' }, [
      // Not prefetched: the dialog focuses it on opening, while the stream needs the bandwidth.
      h('a', { href: '/', class: 'video-overlay__logo', 'aria-label': 'Home', 'data-astro-prefetch': 'false' }, [
        h('img', { src: '/media/club/crest.svg', width: 30, height: 35, alt: '' }),
      ]),
      title,
      h('button', { type: 'button', class: 'video-overlay__close', 'aria-label': 'Close video player' }, [svgIcon('close', 22)], () => closeVideo()),
    ]),
  ]);
  dialog.addEventListener('close', () => closeVideo());
  dialog.addEventListener('cancel', () => closeVideo());
  rootElement().append(dialog);

  let shown: { key: string; body: HTMLElement; destroy: () => void } | null = null;
  const render = (state: VideoPlayerState) => {
    title.textContent = state.currentVideoName;
    const key = state.open ? `${state.mediaType}:${state.currentVideoID}:${state.currentSection}` : '';
    if (shown?.key === key) return;
    shown?.destroy();
    shown?.body.remove();
    shown = null;
    if (state.open) {
      const surface = createSurface({ videoID: state.currentVideoID, mediaType: state.mediaType, title: state.currentVideoName });
      const sidebar = createSidebar(state.currentSection, state.currentVideoID);
      const body = h('div', { class: 'video-overlay__body' }, [surface.element, sidebar?.element]);
      dialog.append(body);
      shown = {
        key,
        body,
        destroy() {
          surface.destroy();
          sidebar?.destroy();
        },
      };
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) dialog.close();
    if (!state.open) {
      const opener = videoOpener.get();
      if (opener?.isConnected) opener.focus();
      videoOpener.set(null);
    }
  };
  videoPlayer.subscribe(render);
}

function rootElement(): HTMLElement {
  const existing = document.getElementById('video-player-root');
  if (existing) return existing;
  const el = document.createElement('div');
  el.id = 'video-player-root';
  document.body.append(el);
  return el;
}
