/**
 * The News tab of the search overlay (spec §2): filter ('All results' / 'Exact Matches') and sort
 * ('Date Added' / 'Relevance') dropdowns, the result count line ('Displaying x - y of N
 * Result(s)', or 'No results found') in a polite live region, a loader, the page's hits — image,
 * date, category, title and a padlock when locked — and the pagination.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { displayingText } from '../../lib/pagination';
import { NEWS_SEARCH_PAGE_SIZE } from '../../lib/constants';
import {
  isSearchFilter,
  isSearchSort,
  NEWS_NO_RESULTS,
  SEARCH_FILTER_LABELS,
  SEARCH_SORT_LABELS,
  type SearchFilter,
  type SearchSort,
} from '../../lib/searchRules';
import {
  goToSearchPage,
  newsResults,
  searchFilter,
  searchPage,
  searchSort,
  searchTerm,
  setSearchFilter,
  setSearchSort,
  type NewsHit,
} from '../../stores/search';
import { SvgIcon } from '../SvgIcon';
import Pagination from './Pagination';

const FILTERS = Object.keys(SEARCH_FILTER_LABELS) as SearchFilter[];
const SORTS = Object.keys(SEARCH_SORT_LABELS) as SearchSort[];

function Hit({ hit }: { hit: NewsHit }) {
  return (
    <a className="search-hit" href={hit.url}>
      {hit.image ? (
        <img className="search-hit__image" src={hit.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
      ) : (
        <span className="search-hit__image" />
      )}
      <span className="search-hit__text">
        <span className="search-hit__meta">
          <span>{hit.date}</span>
          {hit.category && <span className="search-hit__category">{hit.category}</span>}
        </span>
        <span className="search-hit__title">{hit.title}</span>
        {hit.locked && (
          <span className="search-hit__locked">
            <SvgIcon name="lock" size={14} />
            Subscribers only
          </span>
        )}
      </span>
    </a>
  );
}

export default function NewsResults() {
  const { status, total, hits } = useStore(newsResults);
  const page = useStore(searchPage);
  const term = useStore(searchTerm);
  const filter = useStore(searchFilter);
  const sort = useStore(searchSort);
  const id = useId();
  const top = useRef<HTMLParagraphElement>(null);

  // A new page starts at its first hit.
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'nearest' });
  }, [page]);

  const count = status === 'loading' ? 'Searching…' : status === 'done' ? (total > 0 ? displayingText(page, total) : NEWS_NO_RESULTS) : '';
  return (
    <div className="search-results">
      <div className="search-options">
        <label htmlFor={`${id}-filter`}>Filter</label>
        <select id={`${id}-filter`} value={filter} onChange={(e) => isSearchFilter(e.target.value) && setSearchFilter(e.target.value)}>
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {SEARCH_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={sort} onChange={(e) => isSearchSort(e.target.value) && setSearchSort(e.target.value)}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {SEARCH_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <p ref={top} className="search-results__count" role="status" aria-live="polite" aria-atomic="true">
        {count}
      </p>
      {status === 'idle' && term === '' && <p className="search-results__hint">Search every news article by word or phrase.</p>}
      {status === 'loading' && <div className={`search-loader${hits.length > 0 ? ' search-loader--over' : ''}`} aria-hidden="true" />}
      {hits.length > 0 && (
        <ol className="search-results__list" aria-busy={status === 'loading'} start={page * NEWS_SEARCH_PAGE_SIZE + 1}>
          {hits.map((hit) => (
            <li key={hit.url}>
              <Hit hit={hit} />
            </li>
          ))}
        </ol>
      )}
      {status !== 'idle' && <Pagination page={page} total={total} onPage={goToSearchPage} />}
    </div>
  );
}
