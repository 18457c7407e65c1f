import { LoadingState } from '../../shared/ui/loading-state';
import styles from './first-screen.module.css';
import { storedTextClasses } from './stored-text';

/** The element whose content the gateway fills with the document's stored text (docs/decisions/0051-document-first-screen-from-the-server.md). */
export const FIRST_SCREEN_ID = 'document-first-screen';

/**
 * What the server put there for the address the browser opened, read as this module loads, before the app hydrates the
 * page (main.tsx loads the page's code first); null once the page has the document, and on any other page.
 */
let fromServer: { path: string; html: string } | null =
  typeof document === 'undefined' ? null : { path: window.location.pathname, html: document.getElementById(FIRST_SCREEN_ID)?.innerHTML ?? '' };

/** The page has the document itself: the server's copy, which may be older by now, is not shown again. */
export function forgetFirstScreen(): void {
  fromServer = null;
}

const serverText = (documentId: number | null) => (fromServer && documentId !== null && fromServer.path.replace(/\/$/, '') === `/documents/${documentId}` ? fromServer.html : '');

/**
 * A document's page while the current user and the document are being fetched: the spinner, or, on the page the browser
 * opened, the stored text the server put in its first screen, in the stored text's box (its first paint, before any script).
 * The markup is the same with and without it, so the prerendered page hydrates either way.
 */
export function DocumentLoading({ documentId }: { documentId: number | null }) {
  return (
    <div className={styles.firstScreen}>
      <LoadingState text="Loading document..." />
      <div className={`${storedTextClasses.frame} ${styles.frame ?? ''}`}>
        <article
          id={FIRST_SCREEN_ID}
          className={`${storedTextClasses.article} ${styles.text ?? ''}`}
          aria-label="Document text"
          aria-busy="true"
          // The gateway's include, or the server's HTML read back from the page: storedTextHtml made it safe.
          dangerouslySetInnerHTML={{ __html: serverText(documentId) }}
        />
      </div>
    </div>
  );
}
