import { SmileOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/ui/lazy-named';
import './feedback.css';

// The form's code loads when it is first opened.
const FeedbackForm = lazyNamed(() => import('./feedback-form'), 'FeedbackForm');

/** The floating feedback button of every page (docs/product.md §2), opening the feedback form beside it. */
export function FeedbackWidget() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div className="feedback-widget">
      {used && (
        <Suspense>
          <FeedbackForm open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="feedback-launcher"
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
