import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { pdfWordBoxes } from '../../test/pdf-tools.js';
import { pdfFonts } from './pdf-fonts.js';
import { writeText } from './pdf-text.js';

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

/** The glyph strings and kerning adjustments of a content stream's text-showing operators, in order. */
const shown = (content: string) => [...content.matchAll(/\[([^\]]*)\] TJ/g)].map((m) => m[1]);

describe('writeText', () => {
  it('draws what pdfkit’s text() draws without line breaking: the same glyph ids and kerning adjustments, each word where pdfkit puts it', async () => {
    const ours = await page((doc, text, y) => writeText(doc, text, 10, 30, y));
    const pdfkit = await page((doc, text, y) => doc.text(text, 30, y, { lineBreak: false }));
    expect(shown(ours.content).length).toBeGreaterThanOrEqual(RUNS.length);
    expect(shown(ours.content)).toEqual(shown(pdfkit.content));
    const boxes = pdfWordBoxes(ours.pdf);
    expect(boxes.map((box) => box.split(' ')[0])).toEqual(expect.arrayContaining(['AVATAR', 'Tybalt,', 'Ελληνικά', 'кириллица']));
    expect(boxes).toEqual(pdfWordBoxes(pdfkit.pdf));
  });

  it('writes no save, transform and restore around a run: the text matrix alone places it', async () => {
    const { content } = await page((doc, text, y) => writeText(doc, text, 10, 30, y));
    const runs = content.split('BT').slice(1);
    expect(runs).toHaveLength(RUNS.length);
    for (const run of runs) expect(run).not.toMatch(/\bcm\b|\bq\b|\bQ\b/);
  });
});
