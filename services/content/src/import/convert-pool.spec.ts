import { afterAll, describe, expect, it } from '@jest/globals';
import { AppError } from '@prd/kit';
import { IMPORT_MESSAGES } from '@prd/proto';
import { WORD_MARKDOWN, wordFile } from '../../test/import-corpus/corpus.js';
import { convertFile } from './convert-file.js';
import { ConvertPool } from './convert-pool.js';

const HANGING = new URL('../../test/fixtures/hanging-convert-worker.mjs', import.meta.url).href;

describe('ConvertPool (piscina)', () => {
  const pool = new ConvertPool({ workers: 1, maxQueue: 4, timeoutMs: 60_000, idleMs: 60_000 });
  afterAll(() => pool.close());

  it('converts a Word file on a worker thread into what the converters make of it on this one', async () => {
    const file = { name: 'Checkout PRD.docx', data: await wordFile() };
    const conversion = await pool.convert(file);
    expect(conversion).toEqual(await convertFile(file));
    expect(conversion.documents[0]?.content).toBe(WORD_MARKDOWN);
    expect(pool.size).toBe(1);
    expect(pool.pending).toBe(0);
  });

  it('answers a refused file with the converter’s own status and message, naming the file', async () => {
    const unsupported = pool.convert({ name: 'sheet.csv', data: Buffer.from('a,b') });
    await expect(unsupported).rejects.toBeInstanceOf(AppError);
    await expect(unsupported).rejects.toEqual(
      expect.objectContaining({ status: 415, body: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/^sheet\.csv: this type of file cannot be imported/) } }),
    );
    await expect(pool.convert({ name: 'broken.docx', data: Buffer.from('not a zip') })).rejects.toEqual(
      expect.objectContaining({ status: 400, body: expect.objectContaining({ message: expect.stringMatching(/^broken\.docx/) }) }),
    );
  });

  it('answers 503 for a file past the time limit (naming it) and for one more than the queue holds', async () => {
    const hanging = new ConvertPool({ workers: 1, maxQueue: 1, timeoutMs: 500, idleMs: 60_000 }, HANGING);
    try {
      const first = hanging.convert({ name: 'first.docx', data: Buffer.from('x') });
      const queued = hanging.convert({ name: 'queued.docx', data: Buffer.from('x') });
      await expect(hanging.convert({ name: 'third.docx', data: Buffer.from('x') })).rejects.toEqual(
        expect.objectContaining({ status: 503, body: expect.objectContaining({ message: IMPORT_MESSAGES.busy }) }),
      );
      await expect(first).rejects.toEqual(expect.objectContaining({ status: 503, body: expect.objectContaining({ message: IMPORT_MESSAGES.tookTooLong('first.docx') }) }));
      await expect(queued).rejects.toEqual(expect.objectContaining({ status: 503 }));
    } finally {
      await hanging.close();
    }
  });
});
