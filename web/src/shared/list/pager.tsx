import { pageWindow } from './page-window';
import styles from './list.module.css';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
  /** Show up to this many numbered page buttons between Previous and Next. */
  maxPageButtons?: number;
}

/** Previous / page numbers / Next, as a labelled navigation landmark; the current page is marked for screen readers. */
export function Pager({ page, totalPages, onChange, label, maxPageButtons = 0 }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={styles.pagerButton} onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      {pageWindow(page, totalPages, maxPageButtons).map((number) => (
        <button
          key={number}
          type="button"
          className={styles.pagerButton}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onChange(number)}
        >
          {number}
        </button>
      ))}
      <button type="button" className={styles.pagerButton} onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        Next
      </button>
    </nav>
  );
}
