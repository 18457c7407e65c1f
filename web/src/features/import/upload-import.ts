import { IMPORT_PATH, type ImportAnswer } from '@prd/proto';
import { normalizeError, type ApiError } from '../../shared/api/normalize-error';

/** Where the documents go (a project of the user's own) and, for one file, its document's title. */
export interface ImportTarget {
  projectId?: number;
  title?: string;
}

/** The import's answer, or the ApiError every other call gives. */
export type ImportOutcome = { answer: ImportAnswer } | { error: ApiError };

/**
 * Sends files to `POST /api/documents/import` as one multipart form. XMLHttpRequest, not fetch (RTK Query's
 * transport), because only it reports upload progress.
 */
export function uploadImport(files: readonly File[], target: ImportTarget, onProgress: (fraction: number) => void): Promise<ImportOutcome> {
  const form = new FormData();
  if (target.projectId !== undefined) form.append('projectId', String(target.projectId));
  if (target.title) form.append('title', target.title);
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', IMPORT_PATH);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) return resolve({ error: normalizeError(request.status, request.statusText, request.responseText) });
      try {
        resolve({ answer: JSON.parse(request.responseText) as ImportAnswer });
      } catch {
        resolve({ error: { status: 'PARSING_ERROR', message: 'The answer is not JSON' } });
      }
    };
    request.onerror = () => resolve({ error: { status: 'FETCH_ERROR', message: 'The upload failed: check your connection and try again' } });
    request.send(form);
  });
}
