/**
 * Pagination of news search results (spec §2): previous and next arrows, clamped between the first
 * and last page (they stay focusable and say they are unavailable there), and the window of page
 * numbers from src/lib/pagination (5 at the ends, current ±2 in the middle). Props: page (0-based),
 * total, onPage.
 */
import { lastPage, pageWindow } from '../../lib/pagination';
import { NEWS_SEARCH_PAGE_SIZE } from '../../lib/constants';
import { SvgIcon } from '../SvgIcon';

export interface PaginationProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
}

export default function Pagination({ page, total, onPage }: PaginationProps) {
  const last = lastPage(total, NEWS_SEARCH_PAGE_SIZE);
  if (last === 0) return null;
  return (
    <nav className="search-pages" aria-label="Search results pages">
      <button type="button" className="search-pages__arrow" aria-label="Previous page" aria-disabled={page <= 0} onClick={() => onPage(page - 1)}>
        <SvgIcon name="chevronLeft" size={20} />
      </button>
      <ul className="search-pages__list">
        {pageWindow(page, total, NEWS_SEARCH_PAGE_SIZE).map((p) => (
          <li key={p}>
            <button
              type="button"
              className="search-pages__page"
              aria-label={`Page ${p + 1}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
            >
              {p + 1}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="search-pages__arrow" aria-label="Next page" aria-disabled={page >= last} onClick={() => onPage(page + 1)}>
        <SvgIcon name="chevronRight" size={20} />
      </button>
    </nav>
  );
}
