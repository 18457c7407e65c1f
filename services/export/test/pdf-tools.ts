import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Reads PDF files back with Debian's poppler-utils (pdftotext, pdfinfo, pdffonts, pdftohtml), as a
 * reader's viewer would see them. `npm test` (infra/bin/prd) installs the package.
 */

/** One entry of a PDF's outline (bookmarks), with the entries nested under it. */
export interface Bookmark {
  title: string;
  page: number;
  children: Bookmark[];
}

function poppler(tool: string, args: string[], pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'prd-pdf-'));
  const file = path.join(dir, 'file.pdf');
  try {
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' || tool === 'pdftohtml' ? ['-'] : [])], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing: install Debian's poppler-utils (apt-get install poppler-utils)`);
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page, in reading order (pages end with a form feed); with `layout`, laid out as on the page (a table's row on one line). */
export const pdfText = (pdf: Buffer, { layout = false } = {}): string => poppler('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : [])], pdf);

/** pdfinfo's fields: `Pages`, `Page size`, `Title`… */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const lines = poppler('pdfinfo', ['-enc', 'UTF-8'], pdf).split('\n');
  return Object.fromEntries(lines.filter((line) => line.includes(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
}

/** The names of the fonts the file uses, each with whether it is embedded. */
export function pdfFonts(pdf: Buffer): Array<{ name: string; embedded: boolean }> {
  // Columns: name, type (which may hold spaces), encoding, emb, sub, uni, object, id.
  return poppler('pdffonts', [], pdf)
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
    });
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The pdftohtml XML of the file: its outline and its text with links (`<a href>`). */
const pdfXml = (pdf: Buffer): string => poppler('pdftohtml', ['-xml', '-i', '-q', '-stdout'], pdf);

/** The outline as a tree; pdftohtml writes the entries under an entry as an `<outline>` right after it. */
export function pdfOutline(pdf: Buffer): Bookmark[] {
  const xml = pdfXml(pdf);
  const root: Bookmark[] = [];
  const stack: Bookmark[][] = [];
  let current = root;
  for (const [tag, page, title] of xml.matchAll(/<outline>|<\/outline>|<item page="(\d+)">([\s\S]*?)<\/item>/g)) {
    if (tag === '<outline>') {
      stack.push(current);
      if (stack.length > 1) current = current.at(-1)!.children;
    } else if (tag === '</outline>') {
      current = stack.pop()!;
    } else {
      current.push({ title: decode(title ?? ''), page: Number(page), children: [] });
    }
  }
  return root;
}

/** The address of every link on the pages, in order. */
export const pdfLinks = (pdf: Buffer): string[] => [...pdfXml(pdf).matchAll(/<a href="([^"]*)"/g)].map((m) => decode(m[1]!));

/** Where pdftotext finds each word on the pages: its text and its box in points, rounded to a hundredth. */
export const pdfWordBoxes = (pdf: Buffer): string[] =>
  [...poppler('pdftotext', ['-enc', 'UTF-8', '-bbox'], pdf).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    ([, ...m]) =>
      `${decode(m[4]!)} ${m
        .slice(0, 4)
        .map((n) => Number(n).toFixed(2))
        .join(' ')}`,
  );
