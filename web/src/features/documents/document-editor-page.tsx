import { useParams } from 'react-router-dom';
import { DocumentEditor, DocumentNotFound } from '../document-editor/document-editor';

/** /documents/:id (docs/product.md §2): a non-numeric id is a document that does not exist. */
export function DocumentEditorPage() {
  const raw = useParams().id ?? '';
  const documentId = /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  return <section className="page page-wide">{documentId === null ? <DocumentNotFound /> : <DocumentEditor key={documentId} documentId={documentId} />}</section>;
}
