import { num, type PageContent } from './pdf-content.js';

/** A glyph's position from fontkit, in units of 1/1000 of the font size (pdfkit scales them so). */
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/**
 * The parts of pdfkit 0.20 this writer uses that its types do not declare: the current embedded font (which encodes text as
 * glyph ids of the document's subset, and is listed in a page's resources once used there) and the page's content stream.
 */
interface PdfkitInternals {
  _font: { id: string; ascender: number; ref(): unknown; encode(text: string): [string[], GlyphPosition[]] };
  page: { fonts: Record<string, unknown> };
}

type EmbeddedFont = PdfkitInternals['_font'];

/** Glyphs of a word as hex ids of the subset, cut after each glyph the font kerns: `adjust` is the TJ adjustment after the run. */
type Runs = Array<{ hex: string; adjust: number }>;

/**
 * Each document's words as encoded once (per embedded font, which lives as long as its document: the glyph ids are its
 * subset's): a document repeats most of its words, and pdfkit would cut, look up and encode every occurrence anew. `null` for a
 * word with a glyph placed off its advance (a combining mark), which goes the general way.
 */
const encodedWords = new WeakMap<EmbeddedFont, Map<string, Runs | null>>();

function runsOf(font: EmbeddedFont, words: Map<string, Runs | null>, word: string): Runs | null {
  let runs = words.get(word);
  if (runs !== undefined) return runs;
  const [encoded, positions] = font.encode(word);
  runs = positions.some((p) => p.xOffset || p.yOffset) ? null : [];
  let from = 0;
  positions.forEach((position, i) => {
    const adjust = position.xAdvance - position.advanceWidth;
    if (runs && (adjust !== 0 || i === positions.length - 1)) {
      runs.push({ hex: encoded.slice(from, i + 1).join(''), adjust });
      from = i + 1;
    }
  });
  words.set(word, runs);
  return runs;
}

/**
 * The TJ operands of a run's words and spaces, or null. pdfkit lays out each word with the space after it; a word alone is
 * what our layout measured, so its shaping is already in the font's cache (DejaVu kerns no pair with a space: the same glyphs
 * and advances).
 */
function cachedOperands(font: EmbeddedFont, parts: readonly string[]): string | null {
  let words = encodedWords.get(font);
  if (!words) encodedWords.set(font, (words = new Map<string, Runs | null>()));
  let operands = '';
  let hex = '';
  for (const word of parts) {
    if (word === '') continue;
    const runs = runsOf(font, words, word);
    if (!runs) return null;
    for (const run of runs) {
      hex += run.hex;
      if (run.adjust !== 0) {
        operands += `${operands ? ' ' : ''}<${hex}> ${num(-run.adjust)}`;
        hex = '';
      }
    }
  }
  if (hex) operands += `${operands ? ' ' : ''}<${hex}> 0`;
  return operands;
}

/**
 * docs/decisions/0033-pdf-export-with-pdfkit.md: one run of text of the current font, size and fill colour, its top-left corner
 * at (x, y), drawn as pdfkit's `text(…, { lineBreak: false })` draws it, without what that costs on every call and this
 * layout never needs: pdfkit measures each run twice more (one layout of every word each time) after our layout has measured
 * it, lays out and encodes every word again, and goes through its option handling. The glyphs are the same: the subset's ids,
 * with the font's kerning as TJ adjustments and, where a glyph has an offset, a new text matrix. Unlike pdfkit, which wraps each
 * run in `q`, an unflipping `cm` and `Q`, the text matrix itself flips the glyphs upright in the page's top-down space: a third
 * fewer bytes per run of a line to build, concatenate and deflate (a 1 MB document has tens of thousands of runs).
 */
export function writeText(content: PageContent, text: string, size: number, x: number, y: number): void {
  writeWords(content, text.split(/([ \t])/), size, x, y);
}

/**
 * writeText for a run already cut into its words and the spaces between them (a line of our layout): each word is the
 * string our layout measured, so the encoded words' cache finds it without cutting the run again.
 */
export function writeWords(content: PageContent, parts: readonly string[], size: number, x: number, y: number): void {
  const { _font: font, page } = content.doc as unknown as PdfkitInternals;
  if (parts.every((part) => part === '')) return;
  page.fonts[font.id] ??= font.ref();
  const baseline = y + (font.ascender * size) / 1000;
  const operands = cachedOperands(font, parts);
  const shown = operands !== null ? `[${operands}] TJ` : placedGlyphs(font, parts.join(''), size, x, baseline).join('\n');
  content.add(`BT\n1 0 0 -1 ${num(x)} ${num(baseline)} Tm\n/${font.id} ${num(size)} Tf\n${shown}\nET`);
}

/** The general way, pdfkit's own, for text with glyphs off their advance: a new text matrix around each such glyph. */
function placedGlyphs(font: EmbeddedFont, text: string, size: number, x: number, baseline: number): string[] {
  const [encoded, positions] = font.encode(text);
  const scale = size / 1000;
  const content: string[] = [];
  const commands: string[] = [];
  let last = 0;
  const segment = (end: number) => {
    if (last < end) commands.push(`<${encoded.slice(last, end).join('')}> ${num(-(positions[end - 1]!.xAdvance - positions[end - 1]!.advanceWidth))}`);
    last = end;
  };
  const flush = (end: number) => {
    segment(end);
    if (commands.length > 0) content.push(`[${commands.join(' ')}] TJ`);
    commands.length = 0;
  };
  let at = x;
  let moved = false;
  positions.forEach((position, i) => {
    if (position.xOffset || position.yOffset) {
      flush(i);
      content.push(`1 0 0 -1 ${num(at + position.xOffset * scale)} ${num(baseline - position.yOffset * scale)} Tm`);
      flush(i + 1);
      moved = true;
    } else {
      if (moved) content.push(`1 0 0 -1 ${num(at)} ${num(baseline)} Tm`);
      moved = false;
      if (position.xAdvance !== position.advanceWidth) segment(i + 1);
    }
    at += position.xAdvance * scale;
  });
  flush(positions.length);
  return content;
}
