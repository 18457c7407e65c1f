import { Button, Mentions, type MentionsRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useGetPeopleWithAccessQuery } from './comments-api';
import styles from './comments.module.css';

interface Props {
  documentId: number;
  /** The text box's accessible name. */
  label: string;
  submitLabel: string;
  initial?: string;
  /** Focus the box when it appears (it appears because the user asked to write). */
  focusOnMount?: boolean;
  /** Resolves once saved (the box empties), rejects to keep the text. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}

/**
 * A comment's text box: typing `@` offers the people with access to the document, and picking one
 * writes `@username`, the mention the server turns into a notification.
 */
export function CommentBox({ documentId, label, submitLabel, initial = '', focusOnMount, onSubmit, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  // antd sizes a growing box in a layout effect (computed styles, then a layout of the whole page): on the document
  // page that ran inside its first render, stored text and all. Two rows until someone writes in it, growing from then.
  const [grows, setGrows] = useState(initial !== '' || focusOnMount === true);
  const input = useRef<MentionsRef>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);
  const people = useGetPeopleWithAccessQuery(documentId);
  const options = (people.data ?? []).map((p) => ({ value: p.username, label: p.name ? `${p.name} (@${p.username})` : `@${p.username}`, key: String(p.userId) }));

  const submit = async () => {
    if (!text.trim() || saving) return;
    setSaving(true);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch {
      // The caller said why; the text stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.box}>
      <Mentions
        ref={input}
        aria-label={label}
        value={text}
        onChange={setText}
        options={options}
        rows={2}
        autoSize={grows ? { minRows: 2, maxRows: 8 } : false}
        onFocus={() => setGrows(true)}
        placeholder="Write a comment, @ to mention someone"
        notFoundContent="No one with access matches"
      />
      <div className={styles.boxActions}>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button size="small" type="primary" loading={saving} disabled={!text.trim()} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
