import { COLLAB_PASTE_MAX_CHARS } from '@prd/proto';
import type { Editor } from '@tiptap/react';
import { memo, useMemo, useRef } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { useToast } from '../../shared/toast/toast';
import { useAfterPaint } from '../../shared/ui/use-after-paint';
import { useCommitted } from '../../shared/ui/use-committed';
import { useCommentActions } from '../comments/comment-on-selection';
import { DraftInsertions } from '../suggesting-mode/draft-insertions';
import { useSuggestionActions } from '../suggestions/suggestion-actions';
import { TrackedChanges } from '../suggestions/tracked-changes';
import { MarkdownSourceView, WritingAids, writingAidExtensions } from './aids';
import RichEditor from './rich-editor';

interface Props {
  doc: Y.Doc;
  presence: { awareness: Awareness | null };
  user: { name: string; color: string };
  /** `doc` is suggesting mode's fork of the live document (the presence's). */
  fork: boolean;
  editable: boolean;
  /** The "Markdown" view: the source, edited live, instead of the rich text. */
  source: boolean;
  onEditor: (editor: Editor | null) => void;
}

/**
 * The document page's editor (docs/decisions/0040-document-first-page.md): the rich text with its writing aids (the "/"
 * menu, the formatting and table menus, paste cleanup, comment highlights), or its markdown source.
 * One lazy chunk with TipTap.
 */
function DocumentRichEditor({ doc, presence, user, fork, editable, source, onEditor }: Props) {
  const { commentOnSelection: quoteAndComment, focusThread } = useCommentActions();
  const { askAi } = useSuggestionActions();
  const toast = useToast();
  // A selection across formatting or blocks cannot be quoted as the server finds quotes: say so instead of nothing.
  const commentOnSelection = useMemo(
    () =>
      quoteAndComment &&
      (() => {
        if (!quoteAndComment()) toast.error('Cannot comment on this selection', 'Select text within one paragraph to comment on it.');
      }),
    [quoteAndComment, toast],
  );
  // The extensions are made once (a new list rebuilds the editor); they call whatever the comments offer now.
  const current = useRef({ commentOnSelection, focusThread, toast });
  current.current = { commentOnSelection, focusThread, toast };
  const aids = useMemo(
    () => [
      ...writingAidExtensions({
        onComment: () => current.current.commentOnSelection?.(),
        onCommentClick: (id) => current.current.focusThread(id),
        onPasteRefused: () =>
          current.current.toast.error(
            'Paste too large',
            `Paste at most ${COLLAB_PASTE_MAX_CHARS.toLocaleString('en')} characters at once; import longer texts from the Documents page.`,
          ),
      }),
      TrackedChanges,
    ],
    [],
  );
  // Suggesting mode's fork shows what was typed as the insertion it will be suggested as.
  const extensions = useMemo(() => (fork ? [...aids, DraftInsertions] : aids), [aids, fork]);

  // The menus join once the text has painted (docs/decisions/0044-document-page-load.md): each menu
  // registers a plugin, which is a pass over the whole document, not needed to show it or to type in it.
  const painted = useAfterPaint();
  // The editor is made while rendering (TipTap's useEditor), a full render of the document: made in a render React may
  // throw away, it was made twice on every open (docs/decisions/0046-editor-mounts-once.md).
  const committed = useCommitted();

  if (!committed) return null;
  if (source) return <MarkdownSourceView doc={doc} editable={editable} />;
  return (
    <RichEditor doc={doc} presence={presence} user={user} fork={fork} editable={editable} extraExtensions={extensions} onEditor={onEditor}>
      {(editor) =>
        painted && (
          <WritingAids editor={editor} canEdit={editable} canComment={commentOnSelection !== null} onComment={commentOnSelection ?? undefined} onAskAi={askAi ?? undefined} />
        )
      }
    </RichEditor>
  );
}

// The page re-renders with its live snapshot (the markdown, the people); the editor and its menus only when their props change.
export default memo(DocumentRichEditor);
