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
let loaded: Record<PdfFont, Buffer> | undefined;

/** The font files, read once per thread (about 2.5 MB in all). */
export function pdfFontFiles(): Record<PdfFont, Buffer> {
  loaded ??= Object.fromEntries(PDF_FONTS.map((font) => [font, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${FILES[font]}`))])) as Record<PdfFont, Buffer>;
  return loaded;
}
