import type { DocumentDto, TextQuote } from '@prd/proto';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useGetNotificationsQuery } from '../notifications/notifications-api';
import { CommentActionsContext } from './comment-on-selection';
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
  /** The editor. */
  children: ReactNode;
}

/** Whether the threads are below the text (one column: a narrow document, beside the chat or on a phone), not beside it. */
const threadsBelow = (layout: HTMLElement | null): layout is HTMLElement => layout !== null && getComputedStyle(layout).gridTemplateColumns.trim().split(/\s+/).length === 1;

/**
 * A document's text with its comments (docs/decisions/0012-sharing-and-roles.md): a 'Comment' action on text selected in
 * the editor for commenters (and `CommentActionsContext` for the editor's menus), its passages highlighted in the
 * editor (a click focuses the thread), and the threads beside it (`?comment=<id>`,
 * as a notification opens it, focuses one; a passage marked `data-comment-id` in the text is scrolled to).
 */
export function DocumentComments({ document, editor, children }: Props) {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('comment')) || null;
  const [activeId, setActiveId] = useState<number | null>(fromUrl);
  const [pending, setPending] = useState<TextQuote | null>(null);
  const [floating, setFloating] = useState<{ id: number; top: number } | null>(null);
  const [pendingTop, setPendingTop] = useState<number | null>(null);
  const layoutRef = useRef<HTMLDivElement>(null);
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
    if (!editor) return null;
    const { from, to } = editor.state.selection;
    return quoteFromEditor(editor.state.doc, from, to);
  }, [editor]);

  // Once the new comment is posted or cancelled, the focus goes back to the text it is about, its selection kept and in
  // view: the box it was written in is gone (the focus would fall to the page), and below the text it may be far down.
  const returnToText = useCallback(() => {
    setPending(null);
    if (!editor || editor.isDestroyed) return;
    editor.commands.focus(null, { scrollIntoView: false });
    const { node } = editor.view.domAtPos(editor.state.selection.from);
    (node instanceof Element ? node : node.parentElement)?.scrollIntoView({ block: 'center' });
  }, [editor]);

  // Where the threads are below the text, the box to write in comes up under the selection instead of at the end of the document.
  const comment = useCallback((): boolean => {
    const quote = quoteSelection();
    if (!quote) return false;
    const layout = layoutRef.current;
    const below = editor && threadsBelow(layout) ? editor.view.coordsAtPos(editor.state.selection.to).bottom - layout.getBoundingClientRect().top + 6 : null;
    setFloating(null);
    setPendingTop(below);
    setPending(quote);
    return true;
  }, [quoteSelection, editor]);

  // The open threads' passages are highlighted in the editor, which re-finds them as the text changes.
  useEffect(() => {
    const open = threads.flatMap((t) => (t.anchor && !t.orphaned && !t.resolved ? [{ id: t.id, ...t.anchor }] : []));
    if (editor && !editor.isDestroyed) editor.commands.setCommentHighlights(open, activeId);
  }, [editor, threads, activeId]);

  // A click on a highlighted passage brings its thread into view and focuses it. Where the threads are below the text (a
  // narrow column: beside the chat, on a phone), the thread shows over the text under its passage rather than the page
  // scrolling away from what is being read to the end of the document.
  const focusThread = useCallback((id: number) => {
    setActiveId(id);
    const thread = threadRefs.current.get(id);
    const layout = layoutRef.current;
    const passage = textRef.current?.querySelector(`[data-comment-id="${id}"]`);
    const below = threadsBelow(layout);
    if (below && passage) {
      setFloating({ id, top: passage.getBoundingClientRect().bottom - layout.getBoundingClientRect().top + 6 });
    } else {
      setFloating(null);
      thread?.scrollIntoView({ block: 'nearest' });
    }
    // Once the click has ended: releasing the mouse in the text the focus was already in gives the focus back to it.
    setTimeout(() => {
      if (below && passage) thread?.scrollIntoView({ block: 'nearest' });
      thread?.focus({ preventScroll: true });
    });
  }, []);

  // A thread shown over the text goes back to the list on a press elsewhere in the text or the threads (not in a menu of its
  // own, which antd puts at the end of the page), on Escape in it (the focus then back in the text), or when it leaves the
  // open threads.
  const floatingId = floating?.id;
  useEffect(() => {
    if (floatingId === undefined) return;
    const inThread = (target: EventTarget | null) => threadRefs.current.get(floatingId)?.contains(target as Node) === true;
    const elsewhere = (event: PointerEvent) => {
      if (layoutRef.current?.contains(event.target as Node) && !inThread(event.target)) setFloating(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !inThread(event.target)) return;
      setFloating(null);
      if (editor && !editor.isDestroyed) editor.commands.focus(null, { scrollIntoView: false });
    };
    window.document.addEventListener('pointerdown', elsewhere);
    window.document.addEventListener('keydown', escape);
    return () => {
      window.document.removeEventListener('pointerdown', elsewhere);
      window.document.removeEventListener('keydown', escape);
    };
  }, [floatingId, editor]);
  const floatingOpen = floatingId !== undefined && threads.some((t) => t.id === floatingId && !t.resolved && !t.orphaned);

  const actions = useMemo(() => ({ commentOnSelection: may.write ? comment : null, focusThread }), [may.write, comment, focusThread]);

  return (
    <CommentActionsContext.Provider value={actions}>
      <div className={styles.layout} ref={layoutRef}>
        <div className={styles.textFrame} ref={textRef} data-testid="commented-text">
          {children}
        </div>
        <CommentsPanel
          documentId={document.id}
          threads={threads}
          loading={comments.isLoading}
          may={may}
          activeId={activeId}
          floating={floatingOpen ? floating : null}
          pending={pending}
          pendingTop={pendingTop}
          onPendingDone={returnToText}
          onFocus={focus}
          threadRef={(id, element) => {
            if (element) threadRefs.current.set(id, element);
            else threadRefs.current.delete(id);
          }}
        />
      </div>
    </CommentActionsContext.Provider>
  );
}
