import type { PdfFont } from './pdf-fonts.js';

/** How a stretch of text is drawn. Spans of equal style share a style object, so a line's fragments merge. */
export interface SpanStyle {
  font: PdfFont;
  color: string;
  /** A clickable address (http, https, mailto only: see link-address.ts). */
  link?: string;
  strike?: boolean;
}

/** A stretch of inline text in one style; `null` text is a hard line break. */
export interface Span {
  text: string | null;
  style: SpanStyle;
}

/** Text between two break opportunities in one style, with its width in points. */
export interface Box {
  text: string;
  style: SpanStyle;
  width: number;
}

/** Boxes with no space between them (`**bold**text`), and the width of the space after them. */
export interface Word {
  boxes: Box[];
  width: number;
  spaceAfter: number;
}

export interface Line {
  words: Word[];
  width: number;
}

/** The width of `text` in `font` at the text's size, in points. */
export type Measure = (font: PdfFont, text: string) => number;

function newWord(): Word {
  return { boxes: [], width: 0, spaceAfter: 0 };
}

/** The spans cut into words at their spaces; `null` stands for a hard line break. */
export function words(spans: readonly Span[], measure: Measure): Array<Word | null> {
  const out: Array<Word | null> = [];
  let current: Word | undefined;
  for (const { text, style } of spans) {
    if (text === null) {
      if (current) out.push(current);
      current = undefined;
      out.push(null);
      continue;
    }
    const parts = text.split(' ');
    for (let i = 0; i < parts.length; i++) {
      if (i > 0 && current) {
        current.spaceAfter = measure(style.font, ' ');
        out.push(current);
        current = undefined;
      }
      const part = parts[i]!;
      if (!part) continue;
      current ??= newWord();
      const width = measure(style.font, part);
      current.boxes.push({ text: part, style, width });
      current.width += width;
    }
  }
  if (current) out.push(current);
  return out;
}

/** A word wider than a line (a long address, a hash), cut between characters into pieces that fit. */
function cut(word: Word, max: number, measure: Measure): Word[] {
  const pieces: Word[] = [];
  let piece = newWord();
  for (const box of word.boxes) {
    let text = '';
    let width = 0;
    for (const char of box.text) {
      const w = measure(box.style.font, char);
      if (piece.width + width + w > max && (piece.boxes.length > 0 || text)) {
        if (text) piece.boxes.push({ text, style: box.style, width });
        piece.width += width;
        pieces.push(piece);
        piece = newWord();
        text = '';
        width = 0;
      }
      text += char;
      width += w;
    }
    if (text) piece.boxes.push({ text, style: box.style, width });
    piece.width += width;
  }
  piece.spaceAfter = word.spaceAfter;
  pieces.push(piece);
  return pieces;
}

/** Fills lines of at most `max` points, word by word (greedy, as a word processor does); hard breaks end a line. */
export function wrap(spans: readonly Span[], max: number, measure: Measure): Line[] {
  const lines: Line[] = [];
  let line: Line = { words: [], width: 0 };
  const place = (word: Word) => {
    const last = line.words.at(-1);
    const width = last ? line.width + last.spaceAfter + word.width : word.width;
    if (last && width > max) {
      lines.push(line);
      line = { words: [word], width: word.width };
    } else {
      line.words.push(word);
      line.width = width;
    }
  };
  for (const word of words(spans, measure)) {
    if (word === null) {
      lines.push(line);
      line = { words: [], width: 0 };
    } else if (word.width > max) {
      for (const piece of cut(word, max, measure)) place(piece);
    } else {
      place(word);
    }
  }
  if (line.words.length > 0 || lines.length > 0) lines.push(line);
  return lines;
}

/** A run of a line drawn in one call: its words and the spaces between them, style and offset from the line's start. */
export interface Fragment {
  /** The run's text cut into the words our layout measured and `' '` between them. */
  parts: string[];
  style: SpanStyle;
  x: number;
  width: number;
}

/** A line's boxes merged into as few fragments as their styles allow (one per line for plain text). */
export function fragments(line: Line): Fragment[] {
  const out: Fragment[] = [];
  let x = 0;
  let space = 0;
  for (const word of line.words) {
    for (const box of word.boxes) {
      const last = out.at(-1);
      // The last fragment always ends with the previous box: a box of the same style continues it.
      if (last?.style === box.style) {
        if (space) last.parts.push(' ', box.text);
        // Boxes of one style with no space between them are one word, shaped together as pdfkit would.
        else last.parts[last.parts.length - 1] += box.text;
        last.width += space + box.width;
      } else {
        out.push({ parts: [box.text], style: box.style, x, width: box.width });
      }
      x += box.width;
      space = 0;
    }
    space = word.spaceAfter;
    x += space;
  }
  return out;
}
