import type { DocumentDto } from '@prd/proto';
import { Button } from 'antd';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { useToast } from '../../shared/toast/toast';
import { MarkdownView } from '../chat/markdown-view';
import type { LiveDocument, LiveSnapshot } from './live-document';
import styles from './live-editing.module.css';

const CollabEditor = lazy(() => import('./collab-editor'));

interface Props {
  /** The document as last fetched: `content` is the stored markdown. */
  stored: DocumentDto;
  /** Fetches the stored copy again (after a save). */
  onSaved: () => void;
  live: LiveDocument | null;
  snapshot: LiveSnapshot | null;
  failed: boolean;
  canType: boolean;
  onDone: () => void;
}

/**
 * The markdown source, edited live with everyone who has the document open, beside its rendered preview.
 * Every keystroke is shared at once and the server stores the live text by itself within seconds, the text
 * it replaced kept in History (docs/decisions/0018-revisions.md). Save, enabled while the text differs from
 * the stored copy this page last fetched, confirms it: it waits until the server has every edit made here
 * (no PATCH: a PATCH is a change from the stored text, and the live edits it holds would be applied twice).
 */
export function LiveEditorPane({ stored, onSaved, live, snapshot, failed, canType, onDone }: Props) {
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  // The preview re-renders the whole markdown: it may lag a keystroke behind rather than slow the typing.
  const previewText = useDeferredValue(snapshot?.text ?? '');

  if (failed) return <p role="alert">The live editor could not be loaded. Please reload the page.</p>;
  if (!live || !snapshot || snapshot.text === null) return <LoadingState text="Connecting to the live document..." visible />;
  const text = snapshot.text;

  const submit = async () => {
    setSaving(true);
    try {
      await live.flush();
      toast.success('Document saved', 'Your changes are on the server and stored with the document; the previous text is in History.');
      onSaved();
    } catch (error) {
      toast.error('Save failed', error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.pane}>
      <div className={styles.split}>
        <Suspense fallback={<LoadingState text="Loading the editor..." visible />}>
          <CollabEditor live={live} canEdit={canType} />
        </Suspense>
        <section className={styles.livePreview} aria-label="Live preview">
          <MarkdownView text={previewText} />
        </section>
      </div>
      <div className={styles.actions}>
        <Button onClick={onDone}>Done</Button>
        {canType && (
          <Button type="primary" disabled={text === stored.content} loading={saving} onClick={() => void submit()}>
            Save
          </Button>
        )}
      </div>
    </div>
  );
}
