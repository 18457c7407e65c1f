import { storedTextHtml } from '@prd/doc-model/stored-text-html';
import editorStyles from '../rich-editor/rich-editor.module.css';
import styles from './stored-text.module.css';

let last: { text: string; html: string } | null = null;

/** The text's leading blocks as safe HTML, the same markup the server puts in the page's first screen; the last one kept. */
function html(text: string): string {
  if (last?.text !== text) last = { text, html: storedTextHtml(text, window.location.origin) };
  return last.html;
}

/** The classes of the stored text's box and article: the document page's first screen from the server uses them too. */
export const storedTextClasses = {
  frame: editorStyles.frame ?? '',
  article: `${editorStyles.document ?? ''} ${editorStyles.content ?? ''} ${styles.text ?? ''}`,
};

/**
 * The document's stored markdown (its leading blocks), read-only, in the editor's box and styles, while the live document connects and the
 * editor opens on it (docs/decisions/0044-document-page-load.md): the text shows as soon as it is fetched, and the editor
 * then takes its place without moving what is on screen. Not a textbox: nothing can be typed before the live copy holds
 * the text, so nothing typed is lost.
 */
export function StoredText({ text }: { text: string }) {
  return (
    <div className={storedTextClasses.frame}>
      <article
        className={storedTextClasses.article}
        aria-label="Document text"
        aria-busy="true"
        data-testid="stored-text"
        // Made safe by storedTextHtml.
        dangerouslySetInnerHTML={{ __html: html(text) }}
      />
    </div>
  );
}
