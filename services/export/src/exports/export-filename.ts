import { create as contentDisposition } from 'content-disposition';
import type { ExportFormat } from '@prd/proto';

const EXTENSIONS: Record<ExportFormat, string> = { markdown: 'md', docx: 'docx', pdf: 'pdf' };

/** Characters a filename or a header must not carry: quotes, path separators, Windows' reserved ones, controls. */
const UNSAFE = /["'/\\<>:*?|\p{Cc}]/gu;
/** Bidirectional controls, which can disguise a name's real extension. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const COMBINING_MARKS = /\p{M}/gu;
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;
const WHITESPACE = /\s+/gu;
/** A name must not start with a dot (hidden file, `..`) nor start or end with a hyphen or dot. */
const EDGES = /^[.-]+|[.-]+$/g;
const MAX_BASE_LENGTH = 120;
const FALLBACK = 'document';

function clean(name: string): string {
  const trimmed = name.replace(EDGES, '');
  return [...trimmed].slice(0, MAX_BASE_LENGTH).join('').replace(EDGES, '');
}

/** docs/product.md §9: the title lowercased, spaces replaced by hyphens, without characters unsafe in a filename. */
export function exportBaseName(title: string): string {
  const hyphenated = title.normalize('NFC').replace(BIDI_CONTROLS, '').trim().toLowerCase().replace(WHITESPACE, '-');
  const base = clean(hyphenated.replace(UNSAFE, ''));
  return base || FALLBACK;
}

/** The same name in plain ASCII, for clients that ignore `filename*`: accents dropped, other letters left out. */
export function asciiBaseName(base: string): string {
  return clean(base.normalize('NFKD').replace(COMBINING_MARKS, '').replace(NOT_PRINTABLE_ASCII, '')) || FALLBACK;
}

export interface ExportFileName {
  /** The name with its unicode, e.g. `café-plan.docx`. */
  name: string;
  /** The `Content-Disposition` header of the download. */
  contentDisposition: string;
}

export function exportFileName(title: string, format: ExportFormat): ExportFileName {
  const extension = EXTENSIONS[format];
  const base = exportBaseName(title);
  const name = `${base}.${extension}`;
  const ascii = `${asciiBaseName(base)}.${extension}`;
  // The UTF-8 `filename*` (RFC 8187) is added only when the name is not plain ASCII.
  return { name, contentDisposition: contentDisposition(name, { fallback: ascii }) };
}
