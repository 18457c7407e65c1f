import type { DocumentDto } from '@prd/proto';
import { Button } from 'antd';
import { lazy, Suspense, useDeferredValue } from 'react';
import { errorMessage } from '../../app/error-dialogs-middleware';
import { LoadingState } from '../../app/loading-state';
import { useToast } from '../../app/toast';
import { MarkdownView } from '../chat/markdown-view';
import { useSaveDocumentContentMutation } from './document-editor-api';
import type { LiveDocument, LiveSnapshot } from './live-document';
import styles from './live-editing.module.css';

const CollabEditor = lazy(() => import('./collab-editor'));

interface Props {
  /** The document as last fetched: `content` is the stored markdown. */
  stored: DocumentDto;
  live: LiveDocument | null;
  snapshot: LiveSnapshot | null;
  failed: boolean;
  canType: boolean;
  onDone: () => void;
}

/**
 * The markdown source, edited live with everyone who has the document open, beside its rendered preview.
 * Every keystroke is shared and stored on its own (debounced by the server); Save stores the live text at
 * once as the user's change, so the text it replaces is a revision in History (docs/decisions/0018-revisions.md).
 */
export function LiveEditorPane({ stored, live, snapshot, failed, canType, onDone }: Props) {
  const [save, saving] = useSaveDocumentContentMutation();
  const toast = useToast();
  // The preview re-renders the whole markdown: it may lag a keystroke behind rather than slow the typing.
  const previewText = useDeferredValue(snapshot?.text ?? '');

  if (failed) return <p role="alert">The live editor could not be loaded. Please reload the page.</p>;
  if (!live || !snapshot || snapshot.text === null) return <LoadingState text="Connecting to the live document..." visible />;
  const text = snapshot.text;

  const submit = async () => {
    try {
      await save({ id: stored.id, content: text }).unwrap();
      toast.success('Document saved', 'Your changes are saved; the previous text is in History.');
    } catch (error) {
      toast.error('Save failed', errorMessage(error));
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
          <Button type="primary" disabled={text === stored.content} loading={saving.isLoading} onClick={() => void submit()}>
            Save
          </Button>
        )}
      </div>
    </div>
  );
}
