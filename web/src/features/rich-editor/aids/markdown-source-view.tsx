import { applyMarkdownEdit, yFragmentToMarkdown } from '@prd/doc-model';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as Y from 'yjs';
import styles from './aids.module.css';
import { mergeSource } from './source-merge';

interface Props {
  doc: Y.Doc;
  editable: boolean;
}

/** How long typing pauses before the source's edits are applied to the live document. */
export const SOURCE_APPLY_DELAY_MS = 500;
/** Changes to the live document arriving within this long are shown in one refresh. */
export const SOURCE_REFRESH_DELAY_MS = 100;

/** The origin of this view's own edits: they need no refresh of the text they came from. */
const SOURCE_VIEW_ORIGIN = Symbol('markdown-source-view');

/**
 * The document's markdown source, live. Its text follows the document (refreshes coalesced); when
 * editable, what is typed is applied to the document as a minimal change once typing pauses. While the
 * box holds edits not yet applied, changes from others wait, so the text never changes under the caret;
 * when the edits are applied they are merged with those changes, and the box shows the result.
 */
export function MarkdownSourceView({ doc, editable }: Props) {
  const [text, setText] = useState(() => yFragmentToMarkdown(doc));
  const box = useRef<HTMLTextAreaElement>(null);
  /** The document's markdown the box's text started from. */
  const base = useRef(text);
  const unsent = useRef<string | null>(null);
  const applyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Where the caret was when the text changed under it (a new value puts it at the end): put back after rendering. */
  const caret = useRef<[number, number] | null>(null);

  /** Shows text that did not come from typing here, the caret kept at its offsets. */
  const show = (next: string) => {
    const current = box.current;
    if (current && document.activeElement === current) caret.current = [current.selectionStart, current.selectionEnd];
    setText(next);
  };

  useLayoutEffect(() => {
    if (!caret.current) return;
    box.current?.setSelectionRange(...caret.current);
    caret.current = null;
  }, [text]);

  useEffect(() => {
    const refresh = () => {
      refreshTimer.current = null;
      if (unsent.current !== null) return; // merged in when the edits are applied
      base.current = yFragmentToMarkdown(doc);
      show(base.current);
    };
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (origin === SOURCE_VIEW_ORIGIN || refreshTimer.current !== null) return;
      refreshTimer.current = setTimeout(refresh, SOURCE_REFRESH_DELAY_MS);
    };
    refresh();
    doc.on('update', onUpdate);
    return () => {
      doc.off('update', onUpdate);
      if (refreshTimer.current !== null) clearTimeout(refreshTimer.current);
      refreshTimer.current = null;
    };
  }, [doc]);

  // Edits not applied when the view goes away are applied then.
  useEffect(
    () => () => {
      if (applyTimer.current !== null) clearTimeout(applyTimer.current);
      if (unsent.current !== null) applyMarkdownEdit(doc, mergeSource(base.current, unsent.current, yFragmentToMarkdown(doc)), SOURCE_VIEW_ORIGIN);
      unsent.current = null;
    },
    [doc],
  );

  const apply = () => {
    applyTimer.current = null;
    const mine = unsent.current;
    if (mine === null) return;
    const merged = mergeSource(base.current, mine, yFragmentToMarkdown(doc));
    applyMarkdownEdit(doc, merged, SOURCE_VIEW_ORIGIN);
    unsent.current = null;
    base.current = merged;
    if (merged !== mine) show(merged); // others' changes merged in
  };

  return (
    <textarea
      ref={box}
      className={styles.source}
      aria-label="Markdown source"
      spellCheck={false}
      readOnly={!editable}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        unsent.current = event.target.value;
        if (applyTimer.current !== null) clearTimeout(applyTimer.current);
        applyTimer.current = setTimeout(apply, SOURCE_APPLY_DELAY_MS);
      }}
      onBlur={() => {
        if (applyTimer.current !== null) clearTimeout(applyTimer.current);
        apply();
      }}
    />
  );
}
