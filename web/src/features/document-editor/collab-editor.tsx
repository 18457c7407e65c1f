import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { collabExtensions, editable } from './collab-extensions';
import type { LiveDocument } from './live-document';
import styles from './collab-editor.module.css';

interface Props {
  live: LiveDocument;
  canEdit: boolean;
}

/** CodeMirror 6 on the live Y.Text (loaded lazily: the editor's code stays out of every other page's bundle). */
export default function CollabEditor({ live, canEdit }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const access = useRef(new Compartment());
  const initiallyEditable = useRef(canEdit);

  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: live.text.toString(),
        extensions: [collabExtensions(live.text, live.provider.awareness), access.current.of(editable(initiallyEditable.current))],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [live]);

  useEffect(() => {
    view.current?.dispatch({ effects: access.current.reconfigure(editable(canEdit)) });
  }, [canEdit]);

  return <div ref={host} className={styles.editor} data-testid="markdown-source" />;
}
