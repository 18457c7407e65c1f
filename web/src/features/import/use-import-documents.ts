import { IMPORT_EXTENSIONS, IMPORT_FILE_MAX_BYTES, IMPORT_FILES_MAX, IMPORT_MESSAGES, type ImportAnswer } from '@prd/proto';
import { useState } from 'react';
import { api } from '../../shared/api/api';
import { openSignUp } from '../../shared/state/dialogs-slice';
import { dialogFor, errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useAppDispatch } from '../../shared/state/hooks';
import { useToast } from '../../shared/toast/toast';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { uploadImport, type ImportTarget } from './upload-import';

const ACCEPTED: readonly string[] = IMPORT_EXTENSIONS;
const extensionOf = (name: string) => /\.[^.]+$/.exec(name)?.[0].toLowerCase() ?? '';

/** What the server would refuse at once (type, size, count), said before anything is uploaded. */
function refusalOf(files: readonly File[]): string | null {
  if (files.length > IMPORT_FILES_MAX) return IMPORT_MESSAGES.tooManyFiles;
  for (const file of files) {
    if (!ACCEPTED.includes(extensionOf(file.name))) return IMPORT_MESSAGES.unsupported(file.name);
    if (file.size > IMPORT_FILE_MAX_BYTES) return IMPORT_MESSAGES.fileTooLarge(file.name);
  }
  return null;
}

export interface ImportState {
  /** The upload's progress from 0 to 1 while one runs, else null. */
  progress: number | null;
  /** Imports the files: the answer, or null when it failed (the user was told why). */
  importFiles: (files: readonly File[], target?: ImportTarget) => Promise<ImportAnswer | null>;
}

/** docs/decisions/0034-document-import.md, for the Documents page and the Create Document dialog: an upload with progress, and the same reactions to its outcome as any creation. */
export function useImportDocuments(): ImportState {
  const [progress, setProgress] = useState<number | null>(null);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { user } = useCurrentUser();

  const importFiles = async (files: readonly File[], target: ImportTarget = {}): Promise<ImportAnswer | null> => {
    if (files.length === 0 || progress !== null) return null;
    const refusal = refusalOf(files);
    if (refusal) {
      toast.error('Cannot import', refusal);
      return null;
    }
    setProgress(0);
    const outcome = await uploadImport(files, target, setProgress);
    setProgress(null);
    if ('error' in outcome) {
      const dialog = dialogFor(outcome.error);
      if (dialog) dispatch(dialog);
      else toast.error('Import failed', errorMessage(outcome.error));
      return null;
    }
    const { answer } = outcome;
    // An anonymous visitor's import made them a guest, so the user and usage change too.
    dispatch(api.util.invalidateTags(['Documents', 'ProjectDocuments', 'Activities', 'Usage', 'CurrentUser']));
    const count = answer.documents.length;
    toast.success(count === 1 ? 'Document imported' : `${count} documents imported`, answer.notes.join('\n') || undefined);
    if (!user) dispatch(openSignUp({ reason: 'first-document' }));
    return answer;
  };

  return { progress, importFiles };
}
