import type { AppDispatch } from '../../shared/state/root-reducer';
import { preloadCodeChunk } from '../../shared/ui/use-code-chunk';
import { prefetchDocument } from './document-editor-api';
import type { LiveDocument } from './live-document';

/** The live document's code: Yjs and the Hocuspocus provider, with the document, not with the app. */
export const loadLiveDocument = () => import('./live-document');
/** The editor's code (TipTap, ProseMirror, the shared schema, the writing aids), with the document, not with the app. */
export const loadRichEditor = () => import('../rich-editor/document-rich-editor');

/** The live document opened as the app started on its page, until that page takes it. */
let ahead: { documentId: number; opening: Promise<LiveDocument>; opened: LiveDocument | null } | null = null;

/**
 * What a document's page needs before it is editable, started as the app starts on that page (app/start.tsx): the
 * document's fetch, then, once it could be read, the live document's connection and the editor's code. Its sync (about
 * 450 kB for a 100 kB PRD) no longer waits for the current user's answer and the page's first render, which took most of
 * a second on a 2-core machine (docs/decisions/0049-document-open-main-thread.md). A document that cannot be read (a visitor
 * not signed in yet, a document not theirs) opens no connection. Settles once the connection is opened (or could not be).
 */
export async function openDocumentAhead(dispatch: AppDispatch, documentId: number): Promise<void> {
  if (!(await prefetchDocument(dispatch, documentId))) return;
  preloadCodeChunk(loadRichEditor);
  const entry: NonNullable<typeof ahead> = {
    documentId,
    opened: null,
    opening: loadLiveDocument().then(({ openLiveDocument }) => (entry.opened = openLiveDocument(documentId))),
  };
  ahead = entry;
  await entry.opening.catch(() => {
    if (ahead === entry) ahead = null;
  });
}

/**
 * The live document opened ahead for `documentId`, once connected (it may have synced already), else null. Pure, so that
 * the page's first render can show the editor at once: the page takes it (takeLiveDocumentAhead) once mounted.
 */
export const liveDocumentAhead = (documentId: number): LiveDocument | null => (ahead?.documentId === documentId ? ahead.opened : null);

/**
 * The live document opened ahead for `documentId`, now the page's own to destroy; null if none was. Anything opened
 * ahead for another document is closed: only the page the app started on takes it, once.
 */
export function takeLiveDocumentAhead(documentId: number): Promise<LiveDocument> | null {
  const entry = ahead;
  ahead = null;
  if (!entry) return null;
  if (entry.documentId === documentId) return entry.opening;
  entry.opening.then(
    (live) => live.destroy(),
    () => undefined,
  );
  return null;
}
