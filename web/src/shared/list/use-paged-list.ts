import { useMemo, useState } from 'react';
import { pageCount } from './page-window';

export type SortDirection = 'ascending' | 'descending' | 'none';

/**
 * Search, optional sort and paging over a list held in memory: the client filters by a text key
 * (case-insensitive) and cuts pages of `pageSize`. Changing the search goes back to page 1.
 */
export function usePagedList<T>(items: readonly T[] | undefined, textOf: (item: T) => string, pageSize: number) {
  const [query, setQueryState] = useState('');
  const [sort, setSort] = useState<SortDirection>('none');
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const matching = (items ?? []).filter((item) => textOf(item).toLowerCase().includes(needle));
    if (sort === 'none') return matching;
    const sign = sort === 'ascending' ? 1 : -1;
    return [...matching].sort((a, b) => sign * textOf(a).localeCompare(textOf(b), undefined, { sensitivity: 'base' }));
  }, [items, textOf, query, sort]);

  const totalPages = Math.max(1, pageCount(filtered.length, pageSize));
  const current = Math.min(page, totalPages);
  const first = (current - 1) * pageSize;

  return {
    query,
    setQuery: (next: string) => {
      setQueryState(next);
      setPage(1);
    },
    sort,
    toggleSort: () => setSort(sort === 'ascending' ? 'descending' : 'ascending'),
    page: current,
    setPage,
    totalPages,
    total: filtered.length,
    rows: filtered.slice(first, first + pageSize),
    /** docs/product.md §2: 'Showing X - Y of Z results'. */
    summary: filtered.length === 0 ? '' : `Showing ${first + 1} - ${Math.min(first + pageSize, filtered.length)} of ${filtered.length} results`,
  };
}
