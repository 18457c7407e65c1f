import { CommentOutlined } from '@ant-design/icons';
import type { DocumentDto, TextQuote } from '@prd/proto';
import type { Editor } from '@tiptap/react';
import { Button } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useGetNotificationsQuery } from '../notifications/notifications-api';
import { CommentOnSelection } from './comment-on-selection';
import { commentPermissions } from './comment-permissions';
import { useGetCommentsQuery } from './comments-api';
import { CommentsPanel } from './comments-panel';
import { quoteFromEditor } from './quote-from-editor';
import styles from './comments.module.css';

interface Props {
  /** The document, its `content` the live markdown. */
  document: DocumentDto;
  /** The editor on the live document, once it is open. */
  editor: Editor | null;
  /** The markdown as it is now (the server finds quotes in it). */
  markdownNow: () => string | null;
  /** The editor. */
  children: ReactNode;
}

/**
 * A document's text with its comments (docs/decisions/0012-sharing-and-roles.md): a 'Comment' action on text selected in
 * the editor for commenters (and `CommentOnSelection` for the editor's menus), and the threads beside it (`?comment=<id>`,
 * as a notification opens it, focuses one; a passage marked `data-comment-id` in the text is scrolled to).
 */
export function DocumentComments({ document, editor, markdownNow, children }: Props) {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('comment')) || null;
  const [activeId, setActiveId] = useState<number | null>(fromUrl);
  const [selected, setSelected] = useState<{ quote: TextQuote | null; top: number; left: number } | null>(null);
  const [pending, setPending] = useState<TextQuote | null>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const threadRefs = useRef(new Map<number, HTMLElement>());
  const comments = useGetCommentsQuery({ documentId: document.id, version: document.updatedAt }, { refetchOnMountOrArgChange: true });
  const may = commentPermissions(document.role, user?.id ?? null);

  // Someone else's comment on this document arrives as a notification: the threads are fetched again.
  const latest = useGetNotificationsQuery(undefined, { skip: !user }).data?.items[0];
  const { refetch } = comments;
  useEffect(() => {
    if (latest?.documentId === document.id && latest.commentId !== null) void refetch();
  }, [latest?.id, latest?.documentId, latest?.commentId, document.id, refetch]);

  useEffect(() => setActiveId(fromUrl), [fromUrl]);

  const threads = useMemo(() => comments.data ?? [], [comments.data]);

  const focus = useCallback(
    (id: number) => {
      setActiveId(id);
      if (params.has('comment')) {
        params.delete('comment');
        setParams(params, { replace: true });
      }
      textRef.current?.querySelector(`[data-comment-id="${id}"]`)?.scrollIntoView({ block: 'center' });
    },
    [params, setParams],
  );

  // Opened from a notification: the thread and its passage come into view once loaded.
  useEffect(() => {
    if (fromUrl === null || !comments.data) return;
    threadRefs.current.get(fromUrl)?.scrollIntoView({ block: 'nearest' });
    textRef.current?.querySelector(`[data-comment-id="${fromUrl}"]`)?.scrollIntoView({ block: 'center' });
  }, [fromUrl, comments.data]);

  const quoteSelection = useCallback((): TextQuote | null => {
    const markdown = markdownNow();
    if (!editor || markdown === null) return null;
    const { from, to } = editor.state.selection;
    return quoteFromEditor(editor.state.doc, from, to, markdown);
  }, [editor, markdownNow]);

  // The 'Comment' action follows the editor's selection (mouse or keyboard).
  useEffect(() => {
    if (!may.write || !editor) return undefined;
    const onChange = () => {
      const frame = textRef.current;
      const { from, to, empty } = editor.state.selection;
      if (empty || !frame) return setSelected(null);
      const box = editor.view.coordsAtPos(to);
      const start = editor.view.coordsAtPos(from);
      const outer = frame.getBoundingClientRect();
      setSelected({ quote: quoteSelection(), top: box.bottom - outer.top + 4, left: Math.max(0, Math.min(start.left, box.left) - outer.left) });
    };
    editor.on('selectionUpdate', onChange);
    return () => {
      editor.off('selectionUpdate', onChange);
    };
  }, [may.write, editor, quoteSelection]);

  const comment = useCallback((): boolean => {
    const quote = quoteSelection();
    if (!quote) return false;
    setPending(quote);
    setSelected(null);
    return true;
  }, [quoteSelection]);

  return (
    <CommentOnSelection.Provider value={may.write ? comment : null}>
      <div className={styles.layout}>
        <div className={styles.textFrame} ref={textRef} data-testid="commented-text">
          {children}
          {selected && (
            <div className={styles.selectionAction} style={{ top: selected.top, left: selected.left }}>
              {selected.quote ? (
                <Button size="small" type="primary" icon={<CommentOutlined aria-hidden />} onMouseDown={(e) => e.preventDefault()} onClick={comment}>
                  Comment
                </Button>
              ) : (
                <span className={styles.hint} role="status">
                  Select text within one paragraph to comment on it
                </span>
              )}
            </div>
          )}
        </div>
        <CommentsPanel
          documentId={document.id}
          threads={threads}
          loading={comments.isLoading}
          may={may}
          activeId={activeId}
          pending={pending}
          onPendingDone={() => setPending(null)}
          onFocus={focus}
          threadRef={(id, element) => {
            if (element) threadRefs.current.set(id, element);
            else threadRefs.current.delete(id);
          }}
        />
      </div>
    </CommentOnSelection.Provider>
  );
}
