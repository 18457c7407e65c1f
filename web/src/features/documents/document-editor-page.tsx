import { useParams } from 'react-router-dom';
import { AuthRequired } from '../../shared/ui/auth-required';
import { Page } from '../../shared/ui/page';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { DocumentEditor, DocumentNotFound } from '../document-editor/document-editor';
import { DocumentLoading } from '../document-editor/first-screen';

/**
 * /documents/:id (docs/product.md §2): a non-numeric id is a document that does not exist; a visitor without
 * an account (someone following a link to a document shared with them) is asked to sign in and comes back.
 */
export function DocumentEditorPage() {
  const raw = useParams().id ?? '';
  const { user, isLoading } = useCurrentUser();
  const documentId = /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  if (isLoading) return <DocumentLoading documentId={documentId} />;
  return <Page wide>{!user ? <AuthRequired /> : documentId === null ? <DocumentNotFound /> : <DocumentEditor key={documentId} documentId={documentId} />}</Page>;
}
