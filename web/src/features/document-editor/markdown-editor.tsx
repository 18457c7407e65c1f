import type { DocumentDto } from '@prd/proto';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { useSaveDocumentContentMutation } from './document-editor-api';

/** Direct editing of the markdown (beyond the spec): Save stores it as the user's change ('Save failed' on error). */
export function MarkdownEditor({ document: doc, onDone }: { document: DocumentDto; onDone: () => void }) {
  const [draft, setDraft] = useState(doc.content);
  const [save, saving] = useSaveDocumentContentMutation();
  const toast = useToast();
  const textId = useId();
  const changed = draft !== doc.content;

  const submit = async () => {
    try {
      await save({ id: doc.id, content: draft }).unwrap();
      toast.success('Document saved', 'Your changes are saved; the previous text is in History.');
      onDone();
    } catch (error) {
      toast.error('Save failed', errorMessage(error));
    }
  };

  return (
    <div className="markdown-editor">
      <label htmlFor={textId} className="visually-hidden">
        Document markdown
      </label>
      <textarea id={textId} className="markdown-editor-text" value={draft} spellCheck onChange={(event) => setDraft(event.target.value)} />
      <div className="markdown-editor-actions">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" disabled={!changed} loading={saving.isLoading} onClick={() => void submit()}>
          Save
        </Button>
      </div>
    </div>
  );
}
