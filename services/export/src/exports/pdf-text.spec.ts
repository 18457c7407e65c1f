import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { pdfFonts } from './pdf-fonts.js';
import { writeText } from './pdf-text.js';

/** Runs with kerned pairs (AV, To, Ty), repeated words, a tab, Greek and Cyrillic, and a combining accent (a glyph placed off its advance). */
const RUNS = ['AVATAR To Tybalt, Wavy', 'AVATAR again and again', 'Tab\there', 'Ελληνικά и кириллица', 'Cafe\u0301 re\u0301sume\u0301'];

/** The page's content stream of an uncompressed one-page PDF whose runs `draw` writes in DejaVu Sans at 10 pt. */
async function pageContent(draw: (doc: PDFKit.PDFDocument, text: string, y: number) => void): Promise<string> {
  const doc = new PDFDocument({ compress: false, margin: 0 });
  doc.registerFont('regular', pdfFonts().regular as unknown as Buffer);
  doc.font('regular').fontSize(10);
  RUNS.forEach((text, i) => draw(doc, text, 40 + i * 20));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const file = new Promise<string>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks).toString('latin1'))));
  doc.end();
  const streams = [...(await file).matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!);
  return streams.find((s) => s.includes(' Tf')) ?? '';
}

describe('writeText', () => {
  it('writes the same operators as pdfkit’s text() without line breaking: glyph ids, kerning adjustments, offsets of combining marks', async () => {
    const ours = await pageContent((doc, text, y) => writeText(doc, text, 10, 30, y));
    const pdfkit = await pageContent((doc, text, y) => doc.text(text, 30, y, { lineBreak: false }));
    expect(ours).toContain('TJ');
    expect(ours).toBe(pdfkit);
  });
});
