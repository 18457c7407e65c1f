import { useId, useState } from 'react';
import { openSignUp } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { isRegistered, useCurrentUser } from '../../shared/user/use-current-user';
import styles from './shell.module.css';

/** What an account adds (docs/product.md §1, §6), shown by Learn More. */
const BENEFITS = ['Unlimited documents', 'Projects to group your documents', 'Your own OpenAI API key for unlimited messages'];

/** The invitation of docs/product.md §1 for visitors and guests: Sign Up opens the registration modal. */
export function SignUpBanner({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isLoading } = useCurrentUser();
  const dispatch = useAppDispatch();
  const [expanded, setExpanded] = useState(false);
  const benefitsId = useId();
  if (isLoading || isRegistered(user)) return null;
  return (
    <section className={styles.signUpBanner} aria-label="Sign up">
      <p className={styles.signUpBannerTitle}>Ready to unlock more features?</p>
      {expanded && (
        <ul id={benefitsId} className={styles.signUpBannerBenefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      )}
      <div className={styles.signUpBannerActions}>
        <button
          type="button"
          className={`${styles.bannerButton} ${styles.bannerButtonPrimary}`}
          aria-haspopup="dialog"
          onClick={() => {
            onNavigate?.();
            dispatch(openSignUp({ reason: 'default' }));
          }}
        >
          Sign Up
        </button>
        <button type="button" className={styles.bannerButton} aria-expanded={expanded} aria-controls={expanded ? benefitsId : undefined} onClick={() => setExpanded(!expanded)}>
          Learn More
        </button>
      </div>
    </section>
  );
}
