import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { pdfWordBoxes } from '../../test/pdf-tools.js';
import { pdfFonts } from './pdf-fonts.js';
import { PageContent } from './pdf-content.js';
import { writeText, writeWords } from './pdf-text.js';

/** Runs with kerned pairs (AV, To, Ty), repeated words, a tab, Greek and Cyrillic, and a combining accent (a glyph placed off its advance). */
const RUNS = ['AVATAR To Tybalt, Wavy', 'AVATAR again and again', 'Tab\there', 'Ελληνικά и кириллица', 'Cafe\u0301 re\u0301sume\u0301'];

/** An uncompressed one-page PDF whose runs `draw` writes in DejaVu Sans at 10 pt, and its page's content stream. */
async function page(draw: (doc: PDFKit.PDFDocument, text: string, y: number) => void): Promise<{ pdf: Buffer; content: string }> {
  const doc = new PDFDocument({ compress: false, margin: 0 });
  doc.registerFont('regular', pdfFonts().regular as unknown as Buffer);
  doc.font('regular').fontSize(10);
  RUNS.forEach((text, i) => draw(doc, text, 40 + i * 20));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const file = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.end();
  const pdf = await file;
  const streams = [...pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!);
  return { pdf, content: streams.find((s) => s.includes(' Tf')) ?? '' };
}

/** Our run, handed to the page at once. */
function ours(doc: PDFKit.PDFDocument, text: string, y: number): void {
  const content = new PageContent(doc);
  writeText(content, text, 10, 30, y);
  content.flush();
}

/** The glyph strings and kerning adjustments of a content stream's text-showing operators, in order. */
const shown = (content: string) => [...content.matchAll(/\[([^\]]*)\] TJ/g)].map((m) => m[1]);

describe('writeText', () => {
  it('draws what pdfkit’s text() draws without line breaking: the same glyph ids and kerning adjustments, each word where pdfkit puts it', async () => {
    const mine = await page(ours);
    const pdfkit = await page((doc, text, y) => doc.text(text, 30, y, { lineBreak: false }));
    expect(shown(mine.content).length).toBeGreaterThanOrEqual(RUNS.length);
    expect(shown(mine.content)).toEqual(shown(pdfkit.content));
    const boxes = pdfWordBoxes(mine.pdf);
    expect(boxes.map((box) => box.split(' ')[0])).toEqual(expect.arrayContaining(['AVATAR', 'Tybalt,', 'Ελληνικά', 'кириллица']));
    expect(boxes).toEqual(pdfWordBoxes(pdfkit.pdf));
  });

  it('writes no save, transform and restore around a run: the text matrix alone places it', async () => {
    const { content } = await page(ours);
    const runs = content.split('BT').slice(1);
    expect(runs).toHaveLength(RUNS.length);
    for (const run of runs) expect(run).not.toMatch(/\bcm\b|\bq\b|\bQ\b/);
  });

  it('writes a line cut into the words the layout measured as it writes the same text whole', async () => {
    const whole = await page(ours);
    const parts = await page((doc, text, y) => {
      const content = new PageContent(doc);
      writeWords(content, text.split(/([ \t])/), 10, 30, y);
      content.flush();
    });
    expect(parts.content).toBe(whole.content);
  });
});
