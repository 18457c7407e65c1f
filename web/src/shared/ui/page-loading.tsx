import { Spin } from 'antd';
import styles from './page-loading.module.css';

/** A page-sized spinner: while a page's code is fetched, or while a page waits for who the user is. */
export function PageLoading({ text = 'Loading page…' }: { text?: string }) {
  return (
    <div className={styles.loading} role="status">
      <Spin />
      <span className="visually-hidden">{text}</span>
    </div>
  );
}
