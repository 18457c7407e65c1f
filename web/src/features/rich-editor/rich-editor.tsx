import { documentExtensions, FRAGMENT_NAME } from '@prd/doc-model';
import { Collaboration } from '@tiptap/extension-collaboration';
import { CollaborationCaret } from '@tiptap/extension-collaboration-caret';
import { EditorContent, useEditor, type AnyExtension, type Editor } from '@tiptap/react';
import type { Plugin } from '@tiptap/pm/state';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { CaretFollowsYjs } from './caret-follows-yjs';
import { NodeViewsOnce } from './node-views-once';
import { RemoteEditsKeepNodes } from './remote-edits-keep-nodes';
import { showDocument } from './shown-document';
import { TypingLandsAtCaret } from './typing-lands-at-caret';
import styles from './rich-editor.module.css';

export interface RichEditorProps {
  /** The live document: the editor edits its `FRAGMENT_NAME` fragment. */
  doc: Y.Doc;
  /** Where the presence lives (the Hocuspocus provider): the others' carets and selections come from it. */
  presence: { awareness: Awareness | null };
  /**
   * `doc` is a fork of the presence's document (suggesting mode): the others' carets still show, as the fork holds their text,
   * but not this browser's own presence, which names the live document's client, not the fork's.
   */
  fork?: boolean;
  /** This browser in the presence: at least its `name` and `color`. */
  user: { name: string; color: string };
  /** Owners and editors type; everyone else reads the same component. */
  editable: boolean;
  /** Extensions added to the document's own (the writing aids'): a stable array, the editor is rebuilt when it changes. */
  extraExtensions?: AnyExtension[];
  /** The editor once created, and null when it is gone: for actions outside the editor (start a comment on the selection). */
  onEditor?: (editor: Editor | null) => void;
  /** Rendered beside the text with the editor (menus, an outline). */
  children?: (editor: Editor) => ReactNode;
}

/**
 * The carets of a document's presence in an editor bound to a fork of it: TipTap's, but without this browser's own presence.
 * y-tiptap hides the state whose client is the editor's document's, which for a fork is not the live document's client
 * that the presence is kept for; this browser's own caret would show as someone else's.
 */
const othersCarets = (awareness: Awareness) =>
  CollaborationCaret.extend({
    addProseMirrorPlugins() {
      // TipTap's plugins: the presence listener, then the carets, which this replaces.
      const [listener] = this.parent?.() ?? [];
      const { options } = this;
      // y-tiptap's declarations type the plugin as any.
      const carets = yCursorPlugin(awareness, {
        awarenessStateFilter: (editorClient: number, client: number) => client !== editorClient && client !== awareness.clientID,
        cursorBuilder: (other: { name: string; color: string }) => options.render(other),
        selectionBuilder: (other: { name: string; color: string }) => options.selectionRender(other),
      }) as Plugin;
      return [...(listener ? [listener] : []), carets];
    },
  });

/**
 * The editable box's attributes. An object, not ProseMirror's function form: TipTap spreads them into the view it creates,
 * which drops a function, and the view then met them first when `EditorContent` mounted it (`setOptions`): changed outer
 * attributes make ProseMirror read the DOM selection, a forced layout of the whole document (60-70 ms of a 100 kB open).
 */
const boxAttributes = (editable: boolean) => ({
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-label': 'Document',
  'aria-readonly': String(!editable),
  class: styles.content ?? '',
});

/**
 * The document as rich text (docs/decisions/0039-shared-document-model.md): TipTap on the shared schema, bound to the
 * live Yjs document, with the named, coloured carets of the others. Loaded lazily with the document page.
 */
export default function RichEditor({ doc, presence, user, fork = false, extraExtensions, editable, onEditor, children }: RichEditorProps) {
  const { awareness } = presence;
  const extensions = useMemo(
    () => [
      ...documentExtensions,
      NodeViewsOnce,
      Collaboration.configure({ document: doc, field: FRAGMENT_NAME }),
      CaretFollowsYjs,
      RemoteEditsKeepNodes,
      TypingLandsAtCaret,
      ...(awareness ? [(fork ? othersCarets(awareness) : CollaborationCaret).configure({ provider: { awareness }, user })] : []),
      ...(extraExtensions ?? []),
    ],
    [doc, awareness, user, fork, extraExtensions],
  );
  const editor = useEditor(
    {
      extensions,
      editable,
      // The page re-renders from the live snapshot, not from every transaction.
      shouldRerenderOnTransaction: false,
      editorProps: { attributes: boxAttributes(editable) },
    },
    [extensions],
  );

  useEffect(() => {
    editor.setOptions({ editable, editorProps: { ...editor.options.editorProps, attributes: boxAttributes(editable) } });
  }, [editor, editable]);

  useEffect(() => showDocument(doc, () => editor.state.doc), [doc, editor]);

  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  return (
    <div className={styles.frame}>
      <EditorContent editor={editor} className={styles.document} />
      {children?.(editor)}
    </div>
  );
}
