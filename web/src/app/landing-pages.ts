// The pages a visitor most often opens first. Kept apart from the router so the entry (src/main.tsx)
// can start loading the page being opened together with the app, without loading the router first.
export const loadHomePage = () => import('../features/home/home-page');
export const loadAuthPage = () => import('../features/auth/auth-page');
export const loadDocumentsPage = () => import('../features/documents/documents-page');
export const loadTemplatesPage = () => import('../features/templates/templates-page');
export const loadChatPage = () => import('../features/chat/chat-page');
export const loadDocumentEditorPage = () => import('../features/documents/document-editor-page');

const LANDING_PAGES: Record<string, () => Promise<unknown>> = {
  '/': loadHomePage,
  '/auth': loadAuthPage,
  '/documents': loadDocumentsPage,
  '/templates': loadTemplatesPage,
  '/chat': loadChatPage,
};

/**
 * Starts loading the page chunk of the address being opened beside the app's, instead of when the first
 * render reaches the page (after the providers and the shell): the chunk is on the path to the largest
 * paint. Its module is then already loaded, or on its way, when React.lazy asks for it.
 */
export function preloadLandingPage(pathname: string): void {
  // A document's page (a link from a share, a notification or a bookmark) is a first page too.
  const load = LANDING_PAGES[pathname] ?? (documentIdOf(pathname) !== null ? loadDocumentEditorPage : undefined);
  void load?.();
}

/** The id of the document whose page `pathname` is (`/documents/42`), else null. */
export function documentIdOf(pathname: string): number | null {
  const match = /^\/documents\/([1-9]\d*)\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}
