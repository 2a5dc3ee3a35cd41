/**
 * The Video tab of the search overlay (spec §2): videos whose title matches the term, newest
 * release first, 12 at a time (spec §9) with a button for more; the count line ('Showing N
 * result', 'No results' or 'Showing x of N results') in a polite live region; each result with
 * thumbnail, duration, date and title (truncated at 48 characters), and a Watch Now button, or a
 * padlock ('Subscribers only') when the video is locked for the current viewer (spec §4 lock state
 * through src/stores/videoAccess, so results repaint when the viewer signs in or entitlements
 * load). Watch Now opens the player overlay (its data-play-* attributes, read by
 * src/islands/player/triggers.ts) and, without it, links to the video's listing.
 */
import { useStore } from '@nanostores/react';
import { truncateTitle } from '../../lib/duration';
import { videoResultsText, type VideoSearchItem } from '../../lib/searchRules';
import { searchTerm, showMoreVideos, videoResults, videosShown } from '../../stores/search';
import { LOCK_EMPTY_ENTITLEMENTS } from '../../config';
import { configureLockEmptyEntitlements, lockedFor, videoAccess } from '../../stores/videoAccess';
import { SvgIcon } from '../SvgIcon';

configureLockEmptyEntitlements(LOCK_EMPTY_ENTITLEMENTS);

function Video({ video, locked }: { video: VideoSearchItem; locked: boolean }) {
  return (
    <div className={`search-video${locked ? ' search-video--locked' : ''}`} data-locked={String(locked)} data-video-id={video.id}>
      <span className="search-video__thumb">
        <img src={video.thumbnail} alt="" width={150} height={84} loading="lazy" decoding="async" />
        <span className="search-video__duration">{video.duration}</span>
      </span>
      <span className="search-video__text">
        <span className="search-video__date">{video.date}</span>
        <span className="search-video__title" title={video.title}>
          {truncateTitle(video.title)}
        </span>
        {locked ? (
          <span className="search-video__locked">
            <SvgIcon name="lock" size={16} />
            Subscribers only
          </span>
        ) : (
          <a
            className="button button--primary button--small"
            href={video.href}
            data-play-video={video.id}
            data-play-title={video.title}
            data-play-section={video.category}
            data-play-media-type="OnDemand"
          >
            Watch Now<span className="visually-hidden">: {video.title}</span>
          </a>
        )}
      </span>
    </div>
  );
}

export default function VideoResults() {
  const { status, matches } = useStore(videoResults);
  const shown = Math.min(useStore(videosShown), matches.length);
  const term = useStore(searchTerm);
  const access = useStore(videoAccess);
  const count = status === 'loading' ? 'Searching…' : status === 'done' ? videoResultsText(shown, matches.length) : '';
  return (
    <div className="search-results">
      <p className="search-results__count" role="status" aria-live="polite" aria-atomic="true">
        {count}
      </p>
      {status === 'idle' && term === '' && <p className="search-results__hint">Search Stoke City+ videos by title.</p>}
      {status === 'loading' && <div className="search-loader" aria-hidden="true" />}
      {status === 'done' && shown > 0 && (
        <ul className="search-results__list">
          {matches.slice(0, shown).map((video) => (
            <li key={video.id}>
              <Video video={video} locked={lockedFor(access, video.entitlements)} />
            </li>
          ))}
        </ul>
      )}
      {status === 'done' && shown < matches.length && (
        <button type="button" className="button button--ghost-dark search-results__more" onClick={showMoreVideos}>
          Show more videos
        </button>
      )}
    </div>
  );
}
