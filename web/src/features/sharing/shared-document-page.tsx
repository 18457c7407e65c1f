import { Link, useParams } from 'react-router-dom';
import { useEffect } from 'react';
import { LoadingState } from '../../shared/ui/loading-state';
import { EmptyState } from '../../shared/ui/empty-state';
import { relativeTime } from '../../shared/format/relative-time';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { MarkdownView } from '../chat/markdown-view';
import { useGetSharedDocumentQuery } from './sharing-api';
import styles from './shared-document-page.module.css';

/** Shared pages are for the people given the link, not for search engines. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** /share/:token (docs/decisions/0012-sharing-and-roles.md): a document's read-only page for anyone with its link; no session, no account. */
export function SharedDocumentPage() {
  const { token = '' } = useParams();
  const shared = useGetSharedDocumentQuery(token);
  useNoIndex();
  usePageTitle(shared.data?.title ?? 'Shared document');

  let body;
  if (shared.isLoading) body = <LoadingState text="Loading document..." />;
  else if (!shared.data)
    body = (
      <EmptyState alert>
        <h1>Link not available</h1>
        <p>This share link does not exist or was turned off by its owner.</p>
      </EmptyState>
    );
  else
    body = (
      <article className={styles.sheet}>
        <h1>{shared.data.title}</h1>
        <p className={styles.meta}>
          Shared by {shared.data.owner.name} · updated {relativeTime(shared.data.updatedAt)}
        </p>
        <MarkdownView text={shared.data.content} />
      </article>
    );

  return (
    <main className={styles.page}>
      {body}
      <footer className={styles.footer}>
        <Link to="/">Made with PRD Studio</Link>
      </footer>
    </main>
  );
}
