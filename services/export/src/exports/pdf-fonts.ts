import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts of the PDF export: DejaVu Sans and Sans Mono (Latin, Greek, Cyrillic and many symbols,
 * the ballot boxes of task lists included), from the `dejavu-fonts-ttf` package, so they ship with
 * the service wherever it runs. pdfkit embeds of each only the glyphs a document uses.
 */
const FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

export type PdfFont = keyof typeof FILES;
export const PDF_FONTS = Object.keys(FILES) as PdfFont[];

const require = createRequire(import.meta.url);
let loaded: Record<PdfFont, Font> | undefined;

/**
 * The fonts, read and parsed by fontkit once per build thread and handed to each document (pdfkit
 * takes a fontkit font as it is): a document then neither parses the font tables again nor shapes
 * again the glyphs an earlier one shaped.
 */
export function pdfFonts(): Record<PdfFont, Font> {
  loaded ??= Object.fromEntries(PDF_FONTS.map((font) => [font, create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${FILES[font]}`))) as Font])) as Record<PdfFont, Font>;
  return loaded;
}
