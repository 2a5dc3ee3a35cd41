/**
 * Search overlay (spec §2 Search overlay, §4 Search, Panels and background lock): a panel sliding
 * in from the right (full width, 400px from 760px) with a close button, the News and Video tabs,
 * and a search input with a Search button. A native modal <dialog>: it turns the scroll lock on,
 * keeps focus inside, closes on Escape or a click on the underlay, and gives focus back to what
 * opened it. Loaded lazily by HeaderActions only once `$openPanel` is 'search', so none of the search
 * code (nor Pagefind) is fetched before the overlay opens; its stylesheet too is linked only
 * here (React holds the panel until it has loaded, so it never shows unstyled). No props: state lives in
 * src/stores/ui.ts (open/close) and src/stores/search.ts (term, tab, filter, sort, page, results).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import searchCss from '../../styles/search.css?url';
import { SEARCH_TAB_LABELS, type SearchTab } from '../../lib/searchRules';
import { closeSearch } from '../../stores/ui';
import { searchTab, searchTerm, setSearchTab, submitSearch } from '../../stores/search';
import { SvgIcon } from '../SvgIcon';
import NewsResults from './NewsResults';
import SearchBoundary from './SearchBoundary';
import VideoResults from './VideoResults';
import { preloadPagefind } from './pagefind';
import { startSearchRunners } from './runners';

const TABS: readonly SearchTab[] = ['news', 'video'];

function Panel() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const tab = useStore(searchTab);
  const term = useStore(searchTerm);
  const [draft, setDraft] = useState(term);
  const id = useId();

  // Open as a modal on mount; on unmount (closed from anywhere) close it and hand focus back.
  useLayoutEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    input.current?.focus();
    return () => {
      if (el?.open) el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => startSearchRunners(), []);
  useEffect(() => {
    // Warm up Pagefind while the reader types; a failure shows when searching.
    preloadPagefind().catch(() => undefined);
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitSearch(draft);
  };

  // Tabs pattern: arrow keys move between tabs (and select them), Home and End go to the ends.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const count = TABS.length;
    const moves: Partial<Record<string, (index: number) => number>> = {
      ArrowRight: (i) => (i + 1) % count,
      ArrowLeft: (i) => (i - 1 + count) % count,
      Home: () => 0,
      End: () => count - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = TABS[move(TABS.indexOf(tab))] ?? 'news';
    setSearchTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the modal's underlay (the dialog box itself, outside its content) closes it; keyboard users close it with Escape (native <dialog>) or the close button.
    <dialog
      ref={dialog}
      id="search-overlay"
      className="search-panel"
      aria-labelledby={`${id}-title`}
      onClose={() => closeSearch()}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeSearch();
      }}
    >
      <link rel="stylesheet" href={searchCss} precedence="default" />
      <div className="search-panel__top">
        <h2 id={`${id}-title`} className="search-panel__title">
          Search
        </h2>
        <button type="button" className="search-panel__close" aria-label="Close search" onClick={() => closeSearch()}>
          <SvgIcon name="close" size={22} />
        </button>
      </div>
      <div className="search-panel__body">
        <div role="tablist" aria-label="What to search" className="search-tabs">
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${id}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${id}-panel`}
              tabIndex={tab === t ? 0 : -1}
              className="search-tabs__tab"
              onClick={() => setSearchTab(t)}
              onKeyDown={onTabKey}
            >
              {SEARCH_TAB_LABELS[t]}
            </button>
          ))}
        </div>
        <form role="search" className="search-form" onSubmit={onSubmit} aria-label={tab === 'news' ? 'Search news' : 'Search videos'}>
          <label htmlFor={`${id}-input`} className="visually-hidden">
            {tab === 'news' ? 'Search news' : 'Search videos'}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            className="search-form__input"
            type="search"
            name="q"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={tab === 'news' ? 'Search news' : 'Search videos'}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--primary search-form__submit">
            <SvgIcon name="search" size={18} />
            Search
          </button>
        </form>
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="search-panel__results">
          {tab === 'news' ? <NewsResults /> : <VideoResults />}
        </div>
      </div>
    </dialog>
  );
}

export default function SearchPanel() {
  return (
    <SearchBoundary>
      <Panel />
    </SearchBoundary>
  );
}
