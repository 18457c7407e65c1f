import type { Comment, CommentThread as Thread } from '@prd/proto';
import { Button, Popconfirm } from 'antd';
import { useState, type Ref } from 'react';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { quoteText } from '../rich-editor/aids/document-text';
import { CommentBox } from './comment-box';
import { CommentText } from './comment-text';
import { useDeleteCommentMutation, useReplyToCommentMutation, useUpdateCommentMutation } from './comments-api';
import type { CommentPermissions } from './comment-permissions';
import styles from './comments.module.css';

interface Props {
  thread: Thread;
  documentId: number;
  may: CommentPermissions;
  active: boolean;
  /** Shown over the text, this far below the top of the text and its comments, under its passage: they are below the text. */
  floatingTop?: number | undefined;
  onFocus: () => void;
  ref?: Ref<HTMLElement>;
}

/** One comment (a thread's first or a reply): author, time, text, and the actions its reader may take. */
function CommentItem({ comment, documentId, may, label }: { comment: Comment; documentId: number; may: CommentPermissions; label: string }) {
  const [editing, setEditing] = useState(false);
  const [update] = useUpdateCommentMutation();
  const [remove] = useDeleteCommentMutation();
  const toast = useToast();
  const own = may.isAuthor(comment);

  const save = async (content: string) => {
    try {
      await update({ documentId, commentId: comment.id, change: { content } }).unwrap();
      setEditing(false);
    } catch (error) {
      toast.error('Could not edit the comment', errorMessage(error));
      throw error;
    }
  };
  const del = async () => {
    try {
      await remove({ documentId, commentId: comment.id }).unwrap();
    } catch (error) {
      toast.error('Could not delete the comment', errorMessage(error));
    }
  };

  return (
    <div className={styles.comment} aria-label={label} role="group">
      <div className={styles.meta}>
        <strong>{comment.authorName}</strong>
        <time dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
          {relativeTime(comment.createdAt)}
        </time>
      </div>
      {editing ? (
        <CommentBox documentId={documentId} label="Edit comment" submitLabel="Save" initial={comment.content} focusOnMount onSubmit={save} onCancel={() => setEditing(false)} />
      ) : (
        <CommentText text={comment.content} />
      )}
      {!editing && (own || may.delete(comment)) && (
        <div className={styles.actions}>
          {own && may.write && (
            <Button size="small" type="link" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {may.delete(comment) && (
            <Popconfirm title="Delete this comment?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void del()}>
              <Button size="small" type="link" danger>
                Delete
              </Button>
            </Popconfirm>
          )}
        </div>
      )}
    </div>
  );
}

/** A thread: the quoted passage (a button that shows it in the document), the comment, its replies, resolve and reply. */
export function CommentThread({ thread, documentId, may, active, floatingTop, onFocus, ref }: Props) {
  const [replying, setReplying] = useState(false);
  const [reply] = useReplyToCommentMutation();
  const [update] = useUpdateCommentMutation();
  const toast = useToast();
  // The passage as the reader sees it: its quote may hold markdown syntax (bold, a link) around the text.
  const quoted = thread.anchor ? quoteText(thread.anchor.exact) : null;

  const sendReply = async (content: string) => {
    try {
      await reply({ documentId, commentId: thread.id, content }).unwrap();
      setReplying(false);
    } catch (error) {
      toast.error('Could not reply', errorMessage(error));
      throw error;
    }
  };
  const setResolved = async (resolved: boolean) => {
    try {
      await update({ documentId, commentId: thread.id, change: { resolved } }).unwrap();
    } catch (error) {
      toast.error(resolved ? 'Could not resolve the thread' : 'Could not reopen the thread', errorMessage(error));
    }
  };

  return (
    <article
      ref={ref}
      tabIndex={-1}
      className={[styles.thread, active ? styles.active : '', thread.resolved ? styles.resolved : '', floatingTop === undefined ? '' : styles.floating].join(' ')}
      style={floatingTop === undefined ? undefined : { top: floatingTop }}
      aria-label={`Comment by ${thread.authorName}`}
      aria-current={active ? 'true' : undefined}
      data-comment-id={thread.id}
    >
      {quoted &&
        (thread.orphaned ? (
          <blockquote className={styles.quote} title="This passage is no longer in the document">
            {quoted}
          </blockquote>
        ) : (
          <button type="button" className={styles.quoteButton} onClick={onFocus} aria-label={`Show “${quoted}” in the document`}>
            {quoted}
          </button>
        ))}
      <CommentItem comment={thread} documentId={documentId} may={may} label="Comment" />
      {thread.replies.map((r) => (
        <CommentItem key={r.id} comment={r} documentId={documentId} may={may} label="Reply" />
      ))}
      {replying ? (
        <CommentBox documentId={documentId} label="Reply" submitLabel="Reply" focusOnMount onSubmit={sendReply} onCancel={() => setReplying(false)} />
      ) : (
        <div className={styles.actions}>
          {may.write && !thread.resolved && (
            <Button size="small" onClick={() => setReplying(true)}>
              Reply
            </Button>
          )}
          {may.resolve(thread) && (
            <Button size="small" onClick={() => void setResolved(!thread.resolved)}>
              {thread.resolved ? 'Reopen' : 'Resolve'}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
