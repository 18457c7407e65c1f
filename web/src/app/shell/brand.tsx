import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/ui/product-name';
import styles from './shell.module.css';

/** The product mark and name, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className={styles.brand} onClick={onNavigate}>
      <img src="/favicon.svg" alt="" width={28} height={28} className={styles.brandMark} />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
