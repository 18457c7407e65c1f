import type { CommentThread as Thread, TextQuote } from '@prd/proto';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { quoteText } from '../rich-editor/aids/document-text';
import { CommentBox } from './comment-box';
import type { CommentPermissions } from './comment-permissions';
import { CommentThread } from './comment-thread';
import { useCreateCommentMutation } from './comments-api';
import styles from './comments.module.css';

interface Props {
  documentId: number;
  threads: Thread[];
  loading: boolean;
  may: CommentPermissions;
  activeId: number | null;
  /** The thread shown over the text, under its passage, and where (see CommentThread's floatingTop). */
  floating: { id: number; top: number } | null;
  /** The quote a new comment is being written about (from the 'Comment' action). */
  pending: TextQuote | null;
  /** Its box shown over the text, this far below the top of the text and its comments, under the selection; or in the list. */
  pendingTop: number | null;
  onPendingDone: () => void;
  onFocus: (id: number) => void;
  threadRef: (id: number, element: HTMLElement | null) => void;
}

/** The side list of a document's threads: open ones, then resolved, then orphaned (their passage is gone) apart. */
export function CommentsPanel({ documentId, threads, loading, may, activeId, floating, pending, pendingTop, onPendingDone, onFocus, threadRef }: Props) {
  const [create] = useCreateCommentMutation();
  const toast = useToast();
  const open = threads.filter((t) => !t.orphaned && !t.resolved);
  const resolved = threads.filter((t) => !t.orphaned && t.resolved);
  const orphaned = threads.filter((t) => t.orphaned);

  const add = async (content: string, anchor?: TextQuote) => {
    try {
      await create({ documentId, content, ...(anchor ? { anchor } : {}) }).unwrap();
      if (anchor) onPendingDone();
    } catch (error) {
      toast.error('Could not comment', errorMessage(error));
      throw error;
    }
  };

  const list = (items: Thread[], label: string) => (
    <ul className={styles.threads} aria-label={label}>
      {items.map((t) => (
        <li key={t.id}>
          <CommentThread
            thread={t}
            documentId={documentId}
            may={may}
            active={t.id === activeId}
            floatingTop={floating?.id === t.id ? floating.top : undefined}
            onFocus={() => onFocus(t.id)}
            ref={(el: HTMLElement | null) => threadRef(t.id, el)}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <aside className={styles.panel} aria-label="Comments">
      <h3 className={styles.heading}>Comments{threads.length > 0 && <span className={styles.count}> {threads.length}</span>}</h3>
      {pending && (
        <div
          className={pendingTop === null ? styles.pending : `${styles.pending} ${styles.floating} ${styles.floatingBox}`}
          style={pendingTop === null ? undefined : { top: pendingTop }}
        >
          <blockquote className={styles.quote}>{quoteText(pending.exact)}</blockquote>
          <CommentBox documentId={documentId} label="New comment" submitLabel="Comment" focusOnMount onSubmit={(content) => add(content, pending)} onCancel={onPendingDone} />
        </div>
      )}
      {loading ? (
        <p className={styles.muted}>Loading comments…</p>
      ) : threads.length === 0 ? (
        <p className={styles.muted}>{may.write ? 'No comments yet. Select text in the document to comment on it.' : 'No comments yet.'}</p>
      ) : (
        list(open, 'Open comments')
      )}
      {resolved.length > 0 && (
        <details className={styles.section}>
          <summary>Resolved ({resolved.length})</summary>
          {list(resolved, 'Resolved comments')}
        </details>
      )}
      {orphaned.length > 0 && (
        <section className={styles.section} aria-labelledby="orphaned-comments">
          <h4 id="orphaned-comments" className={styles.subheading}>
            Orphaned
          </h4>
          <p className={styles.muted}>The passages these comments were about are no longer in the document.</p>
          {list(orphaned, 'Orphaned comments')}
        </section>
      )}
      {may.write ? (
        <details className={styles.section}>
          <summary>Comment on the whole document</summary>
          <CommentBox documentId={documentId} label="Comment on the whole document" submitLabel="Comment" onSubmit={(content) => add(content)} />
        </details>
      ) : (
        <p className={styles.muted}>You can read the comments. Ask the owner for the commenter role to comment.</p>
      )}
    </aside>
  );
}
