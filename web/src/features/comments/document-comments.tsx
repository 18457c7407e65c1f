import { CommentOutlined } from '@ant-design/icons';
import { locateQuote, type DocumentDto, type TextQuote } from '@prd/proto';
import { Button } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Components } from 'react-markdown';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { MarkdownView } from '../chat/markdown-view';
import { useGetNotificationsQuery } from '../notifications/notifications-api';
import { commentPermissions } from './comment-permissions';
import { useGetCommentsQuery } from './comments-api';
import { CommentsPanel } from './comments-panel';
import { rehypeHighlightQuotes } from './highlight-quotes';
import { quoteFromSelection } from './quote-from-selection';
import styles from './comments.module.css';

/**
 * A document's rendered text with its comments (docs/decisions/0012-sharing-and-roles.md): quoted passages highlighted (a click
 * focuses the thread), a 'Comment' action on selected text for commenters, and the threads beside it
 * (`?comment=<id>`, as a notification opens it, focuses one).
 */
export function DocumentComments({ document }: { document: DocumentDto }) {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('comment')) || null;
  const [activeId, setActiveId] = useState<number | null>(fromUrl);
  const [selected, setSelected] = useState<{ quote: TextQuote; top: number; left: number } | null>(null);
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
  const quotes = useMemo(() => threads.flatMap((t) => (t.anchor && !t.orphaned && !t.resolved ? [{ id: t.id, anchor: t.anchor }] : [])), [threads]);

  const focus = useCallback(
    (id: number, from: 'text' | 'list') => {
      setActiveId(id);
      if (params.has('comment')) {
        params.delete('comment');
        setParams(params, { replace: true });
      }
      if (from === 'text') {
        const thread = threadRefs.current.get(id);
        thread?.scrollIntoView({ block: 'nearest' });
        thread?.focus({ preventScroll: true });
      } else textRef.current?.querySelector(`[data-comment-id="${id}"]`)?.scrollIntoView({ block: 'center' });
    },
    [params, setParams],
  );

  // Opened from a notification: the thread and its passage come into view once loaded.
  useEffect(() => {
    if (fromUrl === null || !comments.data) return;
    threadRefs.current.get(fromUrl)?.scrollIntoView({ block: 'nearest' });
    textRef.current?.querySelector(`[data-comment-id="${fromUrl}"]`)?.scrollIntoView({ block: 'center' });
  }, [fromUrl, comments.data]);

  // The 'Comment' action follows the selection inside the text (mouse or keyboard).
  useEffect(() => {
    if (!may.write) return undefined;
    const onChange = () => {
      const container = textRef.current;
      const selection = window.getSelection();
      const found = container ? quoteFromSelection(container, selection) : null;
      if (!found || !container) return setSelected(null);
      const { quote, range } = found;
      const box = range.getBoundingClientRect();
      const frame = container.getBoundingClientRect();
      setSelected({ quote, top: box.bottom - frame.top + 4, left: Math.max(0, box.left - frame.left) });
    };
    window.document.addEventListener('selectionchange', onChange);
    return () => window.document.removeEventListener('selectionchange', onChange);
  }, [may.write]);

  const components = useMemo<Components>(
    () => ({
      mark: ({ children, node }) => {
        const id = Number(node?.properties.dataCommentId);
        const open = (event: MouseEvent | KeyboardEvent) => {
          if ('key' in event && event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          focus(id, 'text');
        };
        return (
          // A span, not a mark: a highlight is a control that focuses its thread.
          <span
            className={node?.properties.dataActive ? `${styles.highlight} ${styles.highlightActive}` : styles.highlight}
            data-comment-id={id}
            data-testid="comment-highlight"
            role="button"
            tabIndex={0}
            title="Show its comment"
            onClick={(e) => {
              // A click that ends a selection is for the 'Comment' action, not for the highlight.
              if (window.getSelection()?.isCollapsed !== false) open(e);
            }}
            onKeyDown={open}
          >
            {children}
          </span>
        );
      },
    }),
    [focus],
  );
  const plugins = useMemo(() => [[rehypeHighlightQuotes, { quotes, activeId }] as [typeof rehypeHighlightQuotes, Parameters<typeof rehypeHighlightQuotes>[0]]], [quotes, activeId]);

  const startComment = () => {
    if (!selected) return;
    setPending(selected.quote);
    setSelected(null);
    window.getSelection()?.removeAllRanges();
  };
  // The server finds a quote in the markdown: a selection across formatting or paragraphs would be orphaned at once.
  const anchorable = selected !== null && locateQuote(document.content, selected.quote) !== null;

  return (
    <div className={styles.layout}>
      <div className={styles.textFrame} ref={textRef} data-testid="commented-text">
        <MarkdownView text={document.content} rehypePlugins={plugins} components={components} />
        {selected && (
          <div className={styles.selectionAction} style={{ top: selected.top, left: selected.left }}>
            {anchorable ? (
              <Button size="small" type="primary" icon={<CommentOutlined aria-hidden />} onMouseDown={(e) => e.preventDefault()} onClick={startComment}>
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
        onFocus={(id) => focus(id, 'list')}
        threadRef={(id, element) => {
          if (element) threadRefs.current.set(id, element);
          else threadRefs.current.delete(id);
        }}
      />
    </div>
  );
}
