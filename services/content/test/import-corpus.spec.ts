import { describe, expect, it } from '@jest/globals';
import { AppError } from '@prd/kit';
import { DOCUMENT_CONTENT_MAX } from '@prd/proto';
import { convertFile } from '../src/import/convert-file.js';
import { bombZip, corpusFile, lyingSizes, notionZip, pdfFile, wordFile, PDF_MARKDOWN, WORD_MARKDOWN } from './import-corpus/corpus.js';

const convert = (name: string, data: Buffer | string) => convertFile({ name, data: Buffer.from(data) });
const expected = (name: string) => corpusFile(name).toString('utf8').trimEnd();

/** The refusal a conversion throws: its status and message. */
async function refusal(conversion: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await conversion.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, message: (err as AppError).body.message };
}

describe('the import corpus, converted to markdown', () => {
  it('turns a Google Docs HTML export into GFM: class-styled bold and italic, unwrapped links, lists, a table without header cells', async () => {
    const { documents, notes } = await convert('google-docs.html', corpusFile('google-docs.html'));
    expect(documents).toEqual([{ title: 'google-docs', content: expected('google-docs.md') }]);
    expect(notes).toEqual(['google-docs.html: 1 embedded image not imported']);
  });

  it('turns a Notion HTML export into GFM: code blocks, quotes, a web image as a link, a local one dropped, no <title> text', async () => {
    const { documents, notes } = await convert('Launch plan 0123456789abcdef0123456789abcdef.html', corpusFile('notion.html'));
    expect(documents).toEqual([{ title: 'Launch plan', content: expected('notion.md') }]);
    expect(notes).toEqual(['Launch plan 0123456789abcdef0123456789abcdef.html: 1 embedded image not imported']);
  });

  it('takes Markdown as it is, without a byte-order mark and with \\n line ends', async () => {
    const { documents } = await convert('windows-notes.md', corpusFile('windows-notes.md'));
    expect(documents).toEqual([{ title: 'windows-notes', content: '# Notes\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n' }]);
  });

  it('turns a Word file into GFM: headings, bold, italic, a link, both kinds of list, a table whose first row becomes the header, the picture dropped', async () => {
    const { documents, notes } = await convert('Checkout PRD.docx', await wordFile());
    expect(documents).toEqual([{ title: 'Checkout PRD', content: WORD_MARKDOWN }]);
    expect(notes).toEqual(['Checkout PRD.docx: 1 embedded image not imported']);
  });

  it('turns a text PDF into markdown, headings guessed from the font sizes, and says it is best effort', async () => {
    const { documents, notes } = await convert('pricing.pdf', await pdfFile());
    expect(documents).toEqual([{ title: 'pricing', content: PDF_MARKDOWN }]);
    expect(notes[0]).toMatch(/^pricing\.pdf: PDF text imported best effort/);
  });

  it("makes one document per Markdown file of a Notion zip, titled without Notion's page ids, and skips its CSVs and images", async () => {
    const { documents, notes } = await convert('Export-1234.zip', await notionZip());
    expect(documents).toEqual([
      { title: 'Roadmap', content: '# Roadmap\n\n- Q1: checkout\n- Q2: pricing\n' },
      { title: 'Pricing ideas', content: '# Pricing ideas\n\nThree plans.\n' },
    ]);
    expect(notes).toEqual(['Export-1234.zip: 2 files other than Markdown skipped']);
  });
});

describe('files the import refuses', () => {
  it('refuses a type it does not convert with 415, naming the file', async () => {
    expect(await refusal(convert('budget.xlsx', 'x'))).toEqual({ status: 415, message: expect.stringMatching(/^budget\.xlsx: this type of file cannot be imported/) });
  });

  it('refuses unreadable Word, PDF and zip files and binary Markdown with 400, naming the file', async () => {
    expect(await refusal(convert('spec.docx', 'not a zip'))).toEqual({ status: 400, message: 'spec.docx: not a readable Word file' });
    expect(await refusal(convert('spec.pdf', '%PDF-1.7 broken'))).toEqual({ status: 400, message: 'spec.pdf: not a readable PDF file' });
    expect(await refusal(convert('notes.md', Buffer.from([0xff, 0xfe, 0x00, 0x41])))).toEqual({ status: 400, message: 'notes.md: not UTF-8 text' });
    expect(await refusal(convert('export.zip', 'PK not really'))).toEqual({ status: 400, message: 'export.zip: holds no Markdown files' });
  });

  it('refuses a file with nothing to import, and one longer than a document may be once converted', async () => {
    expect(await refusal(convert('empty.md', ' \n\n'))).toEqual({ status: 400, message: 'empty.md: no content to import' });
    expect(await refusal(convert('empty.html', '<html><head><title>Only a title</title></head><body></body></html>'))).toEqual({
      status: 400,
      message: 'empty.html: no content to import',
    });
    expect(await refusal(convert('long.md', 'x'.repeat(DOCUMENT_CONTENT_MAX + 1)))).toEqual({ status: 413, message: 'long.md: longer than 2,000,000 characters once converted' });
  });

  it('stops a zip bomb at the per-file limit by counting inflated bytes, even when the zip declares a small size', async () => {
    const bomb = lyingSizes(await bombZip(11 * 1024 * 1024), 100);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(convert('bomb.zip', bomb))).toEqual({ status: 413, message: 'bomb.zip/bomb.md: larger than 10 MB' });
  });
});
