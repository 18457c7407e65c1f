import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { PageContent } from './pdf-content.js';

/** The content stream of an uncompressed one-page PDF that `draw` draws on. */
async function contentOf(draw: (doc: PDFKit.PDFDocument) => void): Promise<string> {
  const doc = new PDFDocument({ compress: false, margin: 0 });
  draw(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const file = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.end();
  const streams = [...(await file).toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]!);
  return streams.find((s) => s.includes(' re')) ?? '';
}

describe('PageContent', () => {
  it('writes the operators pdfkit’s drawing calls write, byte for byte, once flushed', async () => {
    const pdfkit = await contentOf((doc) => {
      doc.fillColor('#1f1f1f');
      doc.rect(10.5, 20, 100, 12.3456789).fill('#f3f4f6');
      doc.rect(10, 40, 80, 20).lineWidth(0.5).stroke('#8c8c8c');
      doc.moveTo(56, 70).lineTo(539.28, 70).lineWidth(0.75).stroke('#8c8c8c');
      doc.save().strokeColor('#0b57d0').lineWidth(0.5).moveTo(60, 90).lineTo(120.25, 90).stroke().restore();
    });
    const ours = await contentOf((doc) => {
      const content = new PageContent(doc);
      content.fillColor('#1f1f1f');
      content.fillRect(10.5, 20, 100, 12.3456789, '#f3f4f6');
      content.strokeRect(10, 40, 80, 20, 0.5, '#8c8c8c');
      content.line(56, 70, 539.28, 70, 0.75, '#8c8c8c');
      content.savedLine(60, 90, 120.25, 90, 0.5, '#0b57d0');
      content.flush();
    });
    expect(ours).toContain('0.12156862745098039 0.12156862745098039 0.12156862745098039 scn');
    expect(ours).toBe(pdfkit);
  });

  it('hands nothing to the page until flushed, and everything once', async () => {
    const content = await contentOf((doc) => {
      const page = new PageContent(doc);
      page.fillRect(1, 2, 3, 4, '#000000');
      doc.rect(5, 6, 7, 8).fill('#ffffff');
      page.flush();
      page.flush();
    });
    expect(content.indexOf('5 6 7 8 re')).toBeLessThan(content.indexOf('1 2 3 4 re'));
    expect(content.split('1 2 3 4 re')).toHaveLength(2);
  });
});
