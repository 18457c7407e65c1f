import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import type { SortDirection } from './use-paged-list';
import styles from './list.module.css';

/** A column header that sorts its table; aria-sort tells screen readers the order. */
export function SortHeader({ label, sort, onToggle }: { label: string; sort: SortDirection; onToggle: () => void }) {
  return (
    <th scope="col" aria-sort={sort}>
      <button type="button" className={styles.sortButton} onClick={onToggle}>
        {label}
        {sort === 'ascending' && <CaretUpOutlined aria-hidden />}
        {sort === 'descending' && <CaretDownOutlined aria-hidden />}
      </button>
    </th>
  );
}
