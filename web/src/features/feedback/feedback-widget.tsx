import { SmileOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/ui/lazy-named';
import styles from './feedback.module.css';

// The form's code loads when it is first opened.
const FeedbackForm = lazyNamed(() => import('./feedback-form'), 'FeedbackForm');

/**
 * The floating feedback button of every page (docs/product.md §2), opening the feedback form beside it;
 * `aboveBottomBar` lifts it over the narrow shell's bottom tab bar.
 */
export function FeedbackWidget({ aboveBottomBar }: { aboveBottomBar: boolean }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div className={aboveBottomBar ? `${styles.feedbackWidget} ${styles.feedbackWidgetAboveBottomBar}` : styles.feedbackWidget}>
      {used && (
        <Suspense>
          <FeedbackForm open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className={styles.feedbackLauncher}
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(!open);
        }}
      >
        <SmileOutlined aria-hidden />
        <span>Feedback</span>
      </button>
    </div>
  );
}
