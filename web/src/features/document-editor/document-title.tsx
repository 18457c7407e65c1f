import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useRenameDocumentMutation } from './document-editor-api';
import styles from './document-page.module.css';

/**
 * The document's title, changed in place by its owner and editors (docs/product.md §4): Enter or leaving the field
 * saves it, Escape puts it back. The server checks it and says what is wrong (required, at most 500 characters).
 * A one-line text area that wraps, so that a long title shows whole in a narrow column instead of scrolling out of
 * an input; a line break typed or pasted becomes a space, since a title is one line.
 */
export function DocumentTitle({ id, title, canEdit }: { id: number; title: string; canEdit: boolean }) {
  const [draft, setDraft] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameDocumentMutation();
  const errorId = useId();

  // Renamed elsewhere (another person, the AI): shown unless this person is changing it.
  useEffect(() => setDraft(title), [title]);

  if (!canEdit) return <p className={styles.title}>{title}</p>;

  const save = async () => {
    if (draft === title) return setError(null);
    try {
      await rename({ id, title: draft }).unwrap();
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure, 'The title could not be saved. Please try again.'));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      setDraft(title);
      setError(null);
    }
  };

  return (
    // The hidden copy of the text beside the field sizes both (CSS grid): the field grows with its lines without measuring.
    <div className={styles.titleField} data-value={draft}>
      <textarea
        className={styles.title}
        rows={1}
        aria-label="Document title"
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        value={draft}
        readOnly={isLoading}
        onChange={(event) => setDraft(event.target.value.replace(/[\r\n]+/g, ' '))}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
      />
      {error && (
        <p id={errorId} className={styles.titleError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
