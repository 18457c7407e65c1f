import { AlignmentType, Document, ExternalHyperlink, HeadingLevel, ImageRun, LevelFormat, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import { readFileSync } from 'node:fs';

/** The shipped files of the import corpus (real exports' shapes: Google Docs, Notion, a Windows editor). */
export const corpusFile = (name: string) => readFileSync(new URL(name, import.meta.url));

/** A 1×1 PNG, as Word embeds pictures. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });

/**
 * A Word file as Word writes one (through the `docx` library): headings, bold and italic, a link, a
 * bulleted and a numbered list, a table without a marked header row, an embedded picture. `paragraphs`
 * more body paragraphs make it larger (the bench's 1 MB file).
 */
export async function wordFile(paragraphs = 0): Promise<Buffer> {
  const filler = Array.from(
    { length: paragraphs },
    (_, i) =>
      new Paragraph({ text: `Paragraph ${i + 1}: the checkout keeps the cart, the address and the payment method between visits, so returning customers pay in one step.` }),
  );
  const document = new Document({
    numbering: {
      config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Checkout PRD', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('We make checkout '),
              new TextRun({ text: 'faster', bold: true }),
              new TextRun(' and '),
              new TextRun({ text: 'simpler', italics: true }),
              new TextRun('. See '),
              new ExternalHyperlink({ link: 'https://example.com/research', children: [new TextRun({ text: 'the research', style: 'Hyperlink' })] }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Goals', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Fewer steps', bullet: { level: 0 } }),
          new Paragraph({ text: 'Guest checkout', bullet: { level: 0 } }),
          new Paragraph({ text: 'Plan', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Measure the funnel', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Ship behind a flag', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Metric', true), cell('Target', true)] }),
              new TableRow({ children: [cell('Conversion'), cell('+5%')] }),
              new TableRow({ children: [cell('Time to pay'), cell('under 60 s')] }),
            ],
          }),
          new Paragraph({
            children: [
              new ImageRun({ type: 'png', data: PIXEL, transformation: { width: 40, height: 40 }, altText: { title: 'Flow', description: 'Flow diagram', name: 'flow' } }),
            ],
          }),
          new Paragraph({ text: 'Risks', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Payment providers may change their APIs.' }),
          ...filler,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The markdown that wordFile() (without filler) converts to. */
export const WORD_MARKDOWN = `# Checkout PRD

We make checkout **faster** and _simpler_. See [the research](https://example.com/research).

## Goals

- Fewer steps
- Guest checkout

## Plan

1. Measure the funnel
2. Ship behind a flag

| **Metric** | **Target** |
| --- | --- |
| Conversion | +5% |
| Time to pay | under 60 s |

## Risks

Payment providers may change their APIs.`;

/** A text PDF as a word processor prints one: a title, section headings set larger than the body, wrapped paragraphs, bullets. */
export function pdfFile(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica-Bold').fontSize(24).text('Pricing PRD');
    pdf.moveDown();
    pdf.fontSize(16).text('Problem');
    pdf.moveDown(0.5);
    pdf
      .font('Helvetica')
      .fontSize(11)
      .text(
        'Customers cannot tell which plan fits them. The pricing page lists twelve features per plan and hides the limits that matter, so people pick the wrong plan and ask support to move them later.',
      );
    pdf.moveDown();
    pdf.font('Helvetica-Bold').fontSize(16).text('Goals');
    pdf.moveDown(0.5);
    pdf.font('Helvetica').fontSize(11).text('• Three plans instead of five');
    pdf.text('• Limits shown beside each plan');
    pdf.end();
  });
}

export const PDF_MARKDOWN = `# Pricing PRD

## Problem

Customers cannot tell which plan fits them. The pricing page lists twelve features per plan and hides the limits that matter, so people pick the wrong plan and ask support to move them later.

## Goals

- Three plans instead of five
- Limits shown beside each plan`;

/** Notion's "Markdown & CSV" export: pages as Markdown files named with their page ids, in folders, beside CSVs and images. */
export async function notionZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('Roadmap 0123456789abcdef0123456789abcdef.md', '# Roadmap\n\n- Q1: checkout\n- Q2: pricing\n');
  zip.file('Roadmap/Pricing ideas fedcba9876543210fedcba9876543210.md', '# Pricing ideas\n\nThree plans.\n');
  zip.file('Roadmap/Tasks 00112233445566778899aabbccddeeff.csv', 'Name,Status\nShip,Done\n');
  zip.file('Roadmap/diagram.png', PIXEL);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A zip whose one Markdown file inflates to `bytes` of spaces: a zip bomb when `bytes` is far beyond the limits. */
export function bombZip(bytes: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('bomb.md', Buffer.alloc(bytes, 0x20));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The zip with every uncompressed-size field (local headers and central directory) rewritten to `declared`: a zip that lies about its size. */
export function lyingSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === 0x04034b50) out.writeUInt32LE(declared, at + 22);
    else if (signature === 0x02014b50) out.writeUInt32LE(declared, at + 24);
  }
  return out;
}
