import { Link } from 'react-router-dom';
import dialog from '../../shared/ui/dialog.module.css';
/** The terms and privacy note under the sign-up forms (docs/product.md §2). */
export function TermsNote({ action = 'continuing' }: { action?: string }) {
  return (
    <p className={dialog.terms}>
      By {action}, you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
    </p>
  );
}
