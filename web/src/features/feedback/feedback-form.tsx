import { CloseOutlined } from '@ant-design/icons';
import { FEEDBACK_EMPTY } from '@prd/proto';
import { Button } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useToast } from '../../shared/toast/toast';
import { useSendFeedbackMutation } from './feedback-api';
import { MOODS, toggleMood, type MoodRating } from './moods';
import styles from './feedback.module.css';

/**
 * The feedback form (docs/product.md §2, §5, §8): a text box and an optional mood. Blank text is refused with
 * 'Feedback cannot be empty'; a failure keeps what was written and says to try again later.
 */
export function FeedbackForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [content, setContent] = useState('');
  const [rating, setRating] = useState<MoodRating | null>(null);
  const [sendFeedback, sending] = useSendFeedbackMutation();
  const toast = useToast();
  const headingId = useId();
  const textId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) textarea.current?.focus();
  }, [open]);

  const submit = async () => {
    if (!content.trim()) {
      toast.error(FEEDBACK_EMPTY.message, FEEDBACK_EMPTY.description);
      return;
    }
    try {
      await sendFeedback({ content: content.trim(), rating }).unwrap();
      toast.success('Feedback sent', 'Thank you for helping us improve.');
      setContent('');
      setRating(null);
      onClose();
    } catch {
      toast.error('Failed to submit feedback', 'Please try again later.');
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    // Escape from any control inside closes the dialog (WAI-ARIA dialog pattern); the dialog itself takes no input.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <section className={styles.feedbackForm} role="dialog" aria-labelledby={headingId} hidden={!open} onKeyDown={onKeyDown}>
      <header className={styles.feedbackFormHead}>
        <h2 id={headingId}>Send feedback</h2>
        <Button type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label="Close feedback" onClick={onClose} />
      </header>
      <label htmlFor={textId} className={styles.feedbackLabel}>
        Your feedback
      </label>
      <textarea
        id={textId}
        ref={textarea}
        className={styles.feedbackText}
        rows={4}
        maxLength={10_000}
        value={content}
        placeholder="What do you like, what should we improve?"
        onChange={(event) => setContent(event.target.value)}
      />
      <div className={styles.feedbackMoods} role="group" aria-label="How do you feel?">
        {MOODS.map((mood) => (
          <button key={mood.rating} type="button" className={styles.feedbackMood} aria-pressed={rating === mood.rating} onClick={() => setRating(toggleMood(rating, mood.rating))}>
            <span aria-hidden>{mood.emoji}</span>
            <span>{mood.label}</span>
          </button>
        ))}
      </div>
      <Button type="primary" block loading={sending.isLoading} onClick={() => void submit()}>
        Submit feedback
      </Button>
    </section>
  );
}
