import { LoadingState } from '../../shared/ui/loading-state';
import page from './document-page.module.css';
import styles from './first-screen.module.css';
import tabs from './phone-tabs.module.css';
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

/** The document's tools, as wide as their buttons are for its owner (Markdown, History, Review changes, Export, Share, Outline), after the owner's avatar. */
const TOOL_WIDTHS = ['tool132', 'tool108', 'tool176', 'tool124', 'tool98', 'tool110'] as const;

const bar = (...names: string[]) => [styles.bar, ...names.map((name) => styles[name])].join(' ');

/**
 * Where the document's header will be (its title, count and tools), in the page's own boxes and about their sizes for the
 * document's owner, as grey bars. With the breadcrumb's and the phone's tabs' below, the server's text starts where the editor
 * will, and does not jump down when the page renders (by 290–525 px on a phone, before).
 */
function HeaderSkeleton() {
  return (
    <div aria-hidden className={page.head}>
      <div className={page.heading}>
        <div className={page.title}>
          <span className={bar('titleBar')} />
        </div>
        <div className={page.meta}>
          <span className={bar('count')} />
          <span className={bar('status')} />
          <span className={bar('switch')} />
        </div>
      </div>
      <div className={page.actions}>
        <span className={bar('avatar')} />
        {TOOL_WIDTHS.map((width) => (
          <span key={width} className={bar('tool', width)} />
        ))}
      </div>
    </div>
  );
}

/**
 * A document's page while the current user and the document are being fetched: the spinner, or, on the page the browser
 * opened, the stored text the server put in its first screen, in the stored text's box (its first paint, before any script)
 * under a skeleton of the page's header. The markup is the same with and without it, so the prerendered page hydrates either way.
 */
export function DocumentLoading({ documentId }: { documentId: number | null }) {
  return (
    <div className={styles.firstScreen}>
      <LoadingState text="Loading document..." />
      <div className={styles.page}>
        {/* The breadcrumb and the phone's tabs: their words are CSS content, so nothing here can be found as text. */}
        <div aria-hidden className={page.breadcrumb}>
          <span className={styles.crumbs} /> <span className={bar('crumbTitle')} /> · <span className={bar('workspace')} /> <span className={bar('select')} />{' '}
          <span className={bar('saveAs')} />
        </div>
        <div aria-hidden className={`${tabs.list} ${styles.phoneTabs}`}>
          <span className={`${tabs.tab} ${styles.documentTab}`} />
          <span className={`${tabs.tab} ${styles.chatTab}`} />
        </div>
        <div className={page.paper}>
          <HeaderSkeleton />
          <div className={storedTextClasses.frame}>
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
      </div>
    </div>
  );
}
