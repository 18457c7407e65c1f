import { defaultKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { yCollab, ySyncAnnotation, yUndoManagerKeymap } from 'y-codemirror.next';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { COLLAB_PASTE_MAX_CHARS, DOCUMENT_CONTENT_MAX } from '@prd/proto';
import * as Y from 'yjs';

type Awareness = HocuspocusProvider['awareness'];

/** Whether the person may type: viewers, commenters and revoked users only read (the server refuses their updates too). */
export const editable = (canEdit: boolean): Extension => [EditorView.editable.of(canEdit), EditorState.readOnly.of(!canEdit)];

/**
 * A person's change that the server would refuse (and close the connection on) is not made: one that
 * grows the text past DOCUMENT_CONTENT_MAX, or inserts more than COLLAB_PASTE_MAX_CHARS at once.
 * Changes from others (ySync) always pass: the editor must show the shared text.
 */
export const withinLimits: Extension = EditorState.changeFilter.of((tr) => {
  if (tr.annotation(ySyncAnnotation) !== undefined) return true;
  let inserted = 0;
  tr.changes.iterChanges((_fromA, _toA, _fromB, _toB, text) => {
    inserted += text.length;
  });
  const length = tr.newDoc.length;
  return inserted <= COLLAB_PASTE_MAX_CHARS && (length <= DOCUMENT_CONTENT_MAX || length <= tr.startState.doc.length);
});

/**
 * The markdown source editor bound to the live Y.Text: typing goes into the shared text, remote changes
 * come back as editor transactions, remote cursors and selections show with the person's name.
 */
export function collabExtensions(text: Y.Text, awareness: Awareness | null): Extension {
  return [
    // Only "\n" breaks a line. CodeMirror's default also splits on "\r\n" and "\r" and counts either as one
    // character, which would shift every position after one against the Y.Text's (a CRLF paste, an old import).
    EditorState.lineSeparator.of('\n'),
    markdown(),
    EditorView.lineWrapping,
    withinLimits,
    EditorView.contentAttributes.of({ 'aria-label': 'Document markdown', spellcheck: 'true' }),
    // Undo and redo take back only this person's own edits, never a co-author's or the AI's.
    keymap.of([...yUndoManagerKeymap, ...defaultKeymap, indentWithTab]),
    yCollab(text, awareness, { undoManager: new Y.UndoManager(text) }),
  ];
}
