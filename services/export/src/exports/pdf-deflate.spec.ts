import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { inflateSync } from 'node:zlib';
import { pdfText } from '../../test/pdf-tools.js';
import { deflatePageContents } from './pdf-deflate.js';
import { pdfFonts } from './pdf-fonts.js';

/** A buffered two-page PDF, each page's content deflated by `deflatePageContents` before it ends. */
async function twoPages(): Promise<Buffer> {
  const doc = new PDFDocument({ bufferPages: true, margin: 0 });
  doc.registerFont('regular', pdfFonts().regular as unknown as Buffer);
  doc.font('regular').fontSize(10).text('First page', 30, 40, { lineBreak: false });
  doc.addPage().font('regular').fontSize(10).text('Second page', 30, 40, { lineBreak: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const file = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  deflatePageContents(doc);
  doc.end();
  return file;
}

describe('deflatePageContents', () => {
  it('deflates each page’s content once at zlib’s fastest level, with the filter and length a reader needs', async () => {
    const pdf = await twoPages();
    const latin = pdf.toString('latin1');
    const pages = [...latin.matchAll(/<<\n\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)]
      .map((m) => pdf.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1])))
      .map((stream) => ({ header: stream.subarray(0, 2).toString('hex'), content: inflateSync(stream).toString('latin1') }))
      .filter(({ content }) => content.includes(' Tf'));
    expect(pages).toHaveLength(2);
    for (const { header, content } of pages) {
      // zlib's header names the level: 78 01 for level 1 (pdfkit's own level 6 writes 78 9c).
      expect(header).toBe('7801');
      expect(content).toContain('TJ');
    }
    expect(pdfText(pdf)).toMatch(/First page\s+\fSecond page/);
  });
});
