import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/ui/product-name';

/** The product mark and name, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className="brand" onClick={onNavigate}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="brand-mark" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
