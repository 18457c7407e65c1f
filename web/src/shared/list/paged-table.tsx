import type { ReactNode } from 'react';
import { ListSearch } from './list-search';
import { Pager } from './pager';
import { SortHeader } from './sort-header';
import type { usePagedList } from './use-paged-list';
import { DataTable } from './data-table';
import table from './data-table.module.css';
import styles from './list.module.css';

interface PagedTableProps<T> {
  list: ReturnType<typeof usePagedList<T>>;
  /** Plural noun for the search box: 'Search documents...'. */
  noun: string;
  /** The first column, which sorts the table by the list's text key. */
  sortLabel: string;
  /** The other columns' headers; an actions column closes every row. */
  columns: string[];
  pagerLabel: string;
  /** One `<tr>` per row of the current page. */
  children: (row: T) => ReactNode;
}

/** docs/product.md §2's searchable, sortable, paged list tables (documents, projects). */
export function PagedTable<T>({ list, noun, sortLabel, columns, pagerLabel, children }: PagedTableProps<T>) {
  return (
    <>
      <ListSearch noun={noun} value={list.query} onChange={list.setQuery} />
      <DataTable>
        <thead>
          <tr>
            <SortHeader label={sortLabel} sort={list.sort} onToggle={list.toggleSort} />
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col" className={table.cellActions}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 2} className={table.cellEmpty}>
                No results.
              </td>
            </tr>
          ) : (
            list.rows.map(children)
          )}
        </tbody>
      </DataTable>
      <div className={styles.listFooter}>
        <span aria-live="polite">{list.summary}</span>
        <Pager page={list.page} totalPages={list.totalPages} onChange={list.setPage} label={pagerLabel} />
      </div>
    </>
  );
}
