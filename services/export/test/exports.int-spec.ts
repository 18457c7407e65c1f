import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import mammoth from 'mammoth';
import { readFileSync } from 'node:fs';
import { browserRequest as request } from '@prd/kit/testing';
import type { Response } from 'supertest';
import { DB, type Database } from '@prd/kit';
import { exportEvents } from '../src/db/schema.js';
import type * as tables from '../src/db/schema.js';
import { createDocument, registerUser, startExportStack, type ExportStack, type TestUser } from './export-stack.js';
import { pdfInfo, pdfLinks, pdfOutline, pdfText } from './pdf-tools.js';

// Three real services start on a shared, busy machine.
jest.setTimeout(60_000);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ACCOUNT_REQUIRED = { code: 'ACCOUNT_REQUIRED', message: 'Registration required', description: 'Please register to download your document' };
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Document not found' };
const fixture = readFileSync(new URL('./fixtures/every-construct.md', import.meta.url), 'utf8');

/** Collects a binary answer as a Buffer. */
function binary(res: Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('GET /api/documents/:id/export/:format and /export/pdf', () => {
  let stack: ExportStack;
  let owner: TestUser;
  let other: TestUser;
  let documentId: number;
  const api = () => request(stack.exporter.url);
  const events = (userId: number) => stack.exporter.app.get<Database<typeof tables>>(DB).select().from(exportEvents).where(eq(exportEvents.userId, userId));

  beforeAll(async () => {
    stack = await startExportStack();
    [owner, other] = await Promise.all([registerUser(stack), registerUser(stack)]);
    documentId = (await createDocument(stack, owner.cookie, 'Checkout Redesign', fixture)).id;
  });
  afterAll(() => stack.close());

  it('downloads the Word file of the owner’s document, built from its markdown, and records the export', async () => {
    const res = await api().get(`/api/documents/${documentId}/export/docx`).set('Cookie', owner.cookie).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe(DOCX);
    expect(res.headers['content-disposition']).toBe('attachment; filename=checkout-redesign.docx');
    const body = res.body as Buffer;
    const { value: html } = await mammoth.convertToHtml({ buffer: body });
    expect(html).toContain('<h2>Overview</h2>');
    expect(html).toContain('<li>Cut <strong>checkout</strong> time in half</li>');
    expect(html).toContain('<a href="https://example.com/research">research notes</a>');
    expect(await events(owner.id)).toEqual([expect.objectContaining({ documentId, format: 'docx', bytes: body.length })]);
  });

  it('downloads the markdown file as it is stored, named after the title', async () => {
    const unicode = await createDocument(stack, owner.cookie, 'Café "Launch" Q3/Q4 Plan', '# Café\n\n- **Ship** it\n');
    const res = await api().get(`/api/documents/${unicode.id}/export/markdown`).set('Cookie', owner.cookie).expect(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=cafe-launch-q3q4-plan.md; filename*=UTF-8''caf%C3%A9-launch-q3q4-plan.md`);
    expect(res.text).toBe('# Café\n\n- **Ship** it\n');
    expect(await events(owner.id)).toContainEqual(expect.objectContaining({ documentId: unicode.id, format: 'markdown', bytes: Buffer.byteLength(res.text) }));
  });

  it('asks an anonymous visitor to register, for both formats', async () => {
    for (const format of ['docx', 'markdown']) {
      const res = await api().get(`/api/documents/${documentId}/export/${format}`).expect(403);
      expect(res.body).toEqual(ACCOUNT_REQUIRED);
    }
  });

  it('asks a guest to register, even for the guest’s own document', async () => {
    const guest = await createDocument(stack, null, 'Guest draft', '## Idea\n\nA first note.');
    for (const format of ['docx', 'markdown']) {
      const res = await api().get(`/api/documents/${guest.id}/export/${format}`).set('Cookie', guest.cookie).expect(403);
      expect(res.body).toEqual(ACCOUNT_REQUIRED);
    }
  });

  it('answers 404 for another user’s document, and records nothing', async () => {
    for (const format of ['docx', 'markdown']) {
      const res = await api().get(`/api/documents/${documentId}/export/${format}`).set('Cookie', other.cookie).expect(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await events(other.id)).toEqual([]);
  });

  it('answers 404 for a document that does not exist', async () => {
    const res = await api().get('/api/documents/987654321/export/docx').set('Cookie', owner.cookie).expect(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('rejects an unknown format and a non-numeric id with 400', async () => {
    const res = await api().get('/api/documents/abc/export/xls').set('Cookie', owner.cookie).expect(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Document id must be a number',
      fields: { id: 'Document id must be a number', format: 'Export format must be markdown, docx or pdf' },
    });
  });

  describe('GET /api/documents/:id/export/pdf', () => {
    const pdf = (id: number | string, query = '') => api().get(`/api/documents/${id}/export/pdf${query}`).buffer(true).parse(binary);

    it('downloads the PDF of the owner’s document on A4 pages, named after the title, and records the export', async () => {
      const res = await pdf(documentId).set('Cookie', owner.cookie).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename=checkout-redesign.pdf');
      const body = res.body as Buffer;
      expect(pdfInfo(body)['Page size']).toBe('595.28 x 841.89 pts (A4)');
      const text = pdfText(body);
      const headings = ['Checkout Redesign', 'Overview', 'Goals', 'Tasks', 'Metrics', 'Notes'];
      const at = headings.map((heading) => text.indexOf(`${heading}\n`));
      expect(at.every((position, i) => position >= 0 && (i === 0 || position > at[i - 1]!))).toBe(true);
      expect(pdfText(body, { layout: true })).toMatch(/Latency\s+under 200 ms\s+Platform/);
      expect(pdfOutline(body)[0]).toMatchObject({ title: 'Overview', children: [{ title: 'Goals' }] });
      expect(pdfLinks(body)).toContain('https://example.com/research');
      expect(await events(owner.id)).toContainEqual(expect.objectContaining({ documentId, format: 'pdf', bytes: body.length }));
    });

    it('lays the pages out on US Letter when asked', async () => {
      const res = await pdf(documentId, '?size=letter').set('Cookie', owner.cookie).expect(200);
      expect(pdfInfo(res.body as Buffer)['Page size']).toBe('612 x 792 pts (letter)');
    });

    it('rejects a page size other than a4 or letter, and a non-numeric id, with 400 and says why', async () => {
      for (const query of ['?size=a3', '?size=A4', '?size=', '?size=a4&size=letter']) {
        const res = await api().get(`/api/documents/${documentId}/export/pdf${query}`).set('Cookie', owner.cookie).expect(400);
        expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Page size must be a4 or letter', fields: { size: 'Page size must be a4 or letter' } });
      }
      const res = await api().get('/api/documents/abc/export/pdf').set('Cookie', owner.cookie).expect(400);
      expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: 'Document id must be a number', fields: { id: 'Document id must be a number' } });
    });

    it('asks anonymous visitors and guests to register, even for the guest’s own document', async () => {
      const guest = await createDocument(stack, null, 'Guest plan', '## Idea\n\nA first note.');
      expect((await api().get(`/api/documents/${documentId}/export/pdf`).expect(403)).body).toEqual(ACCOUNT_REQUIRED);
      expect((await api().get(`/api/documents/${guest.id}/export/pdf`).set('Cookie', guest.cookie).expect(403)).body).toEqual(ACCOUNT_REQUIRED);
    });

    it('answers 404 for another user’s document and for one that does not exist, and records nothing', async () => {
      expect((await api().get(`/api/documents/${documentId}/export/pdf?size=letter`).set('Cookie', other.cookie).expect(404)).body).toEqual(NOT_FOUND);
      expect((await api().get('/api/documents/987654321/export/pdf').set('Cookie', owner.cookie).expect(404)).body).toEqual(NOT_FOUND);
      expect((await events(other.id)).filter((event) => event.format === 'pdf')).toEqual([]);
    });
  });

  it('answers other requests while a large document is being built', async () => {
    const paragraph = 'A requirement with **bold** words, a [link](https://example.com) and `code`.\n\n- a list item\n- another one\n\n';
    // About 900 kB: large enough that its build spans many round trips to the service.
    const large = await createDocument(stack, owner.cookie, 'Large', `# Large\n\n${paragraph.repeat(8000)}`);
    let exported = false;
    const download = api()
      .get(`/api/documents/${large.id}/export/docx`)
      .set('Cookie', owner.cookie)
      .buffer(true)
      .parse(binary)
      .then((res) => {
        exported = true;
        return res;
      });
    // Health checks one after another until the download arrives.
    let answeredDuringBuild = 0;
    while (!exported) {
      await api().get('/healthz').expect(200);
      if (!exported) answeredDuringBuild++;
    }
    const res = await download;
    expect(res.status).toBe(200);
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    // Built on the event loop, the build would hold every health check until it finished.
    expect(answeredDuringBuild).toBeGreaterThan(5);
  });

  it('builds one Word export per user at a time: a second at once gets 429 with Retry-After, another user is not held back', async () => {
    const paragraph = 'A requirement with **bold** words, a [link](https://example.com) and `code`.\n\n- a list item\n- another one\n\n';
    // About 900 kB: its build lasts long enough for further requests to arrive while it runs.
    const large = await createDocument(stack, owner.cookie, 'Large twice', `# Large\n\n${paragraph.repeat(8000)}`);
    const mine = await createDocument(stack, other.cookie, 'Other', '# Other\n\nShort.');
    const docx = (cookie: string, id: number) => api().get(`/api/documents/${id}/export/docx`).set('Cookie', cookie).buffer(true).parse(binary);
    let firstDone = false;
    const first = docx(owner.cookie, large.id).then((res) => {
      firstDone = true;
      return res;
    });
    // While the first is being built, the owner's further Word exports are refused (whichever came first wins).
    const answers: Response[] = [];
    while (!firstDone) answers.push(await docx(owner.cookie, large.id));
    answers.push(await first);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((res) => res.status !== 429).map((res) => res.status)).toEqual(answers.filter((res) => res.status !== 429).map(() => 200));
    expect(JSON.parse((refused[0]!.body as Buffer).toString())).toEqual({ code: 'RATE_LIMITED', message: 'An export is already in progress. Please wait for it to finish.' });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another user is not held back, and once it is done the owner may export again.
    expect((await docx(other.cookie, mine.id)).status).toBe(200);
    expect((await docx(owner.cookie, large.id)).status).toBe(200);
  });
});
