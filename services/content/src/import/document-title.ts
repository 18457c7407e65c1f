import { DOCUMENT_TITLE_MAX } from '@prd/proto';

/**
 * A document's title from its file's name: without folders and extension, and without the 32-hex-digit
 * page id that Notion's export appends ("Roadmap 1a2b….md" → "Roadmap").
 */
export function titleFromFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const title = base
    .replace(/\.[^.]*$/, '')
    .replace(/\s+[0-9a-f]{32}$/i, '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, DOCUMENT_TITLE_MAX)
    .trim();
  return title || 'Untitled';
}
