import { afterEach, describe, expect, it } from '@jest/globals';
import { AppError } from '@prd/kit';
import { ExportPool, type ExportPoolOptions } from './export-pool.js';

const SCRIPTED = new URL('../../test/fixtures/scripted-export-worker.mjs', import.meta.url).href;
const OPTIONS: ExportPoolOptions = { workers: 1, maxQueue: 4, timeoutMs: 10_000, idleMs: 60_000 };

describe('ExportPool (piscina)', () => {
  const pools: ExportPool[] = [];
  const scripted = (options: Partial<ExportPoolOptions> = {}) => {
    const pool = new ExportPool({ ...OPTIONS, ...options }, SCRIPTED);
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('builds a real .docx on a worker thread while the event loop keeps turning', async () => {
    const pool = new ExportPool({ ...OPTIONS, timeoutMs: 60_000 });
    pools.push(pool);
    const markdown = '## Section\n\nA paragraph with **bold** text and a [link](https://example.com).\n\n- one\n- two\n\n'.repeat(100);
    let settled = false;
    const build = pool.render({ format: 'docx', title: 'Large', markdown }).finally(() => {
      settled = true;
    });
    let turns = 0;
    while (!settled && turns < 20) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    // Built in this thread, the document would be finished before a single turn of the loop.
    expect(turns).toBe(20);
    const docx = await build;
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    expect(pool.size).toBe(1);
  });

  it('builds a real PDF on the same worker thread', async () => {
    const pool = new ExportPool({ ...OPTIONS, timeoutMs: 60_000 });
    pools.push(pool);
    const pdf = await pool.render({ format: 'pdf', title: 'Plan', markdown: '## Section\n\nText.', size: 'letter' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.size).toBe(1);
  });

  it('answers each build with its own result, in order, through one worker', async () => {
    const pool = scripted();
    const results = await Promise.all(['a', 'b', 'c'].map((markdown) => pool.render({ format: 'docx', title: 'ok', markdown })));
    expect(results.map((r) => r.toString())).toEqual(['a', 'b', 'c']);
    expect(pool.size).toBe(1);
  });

  it('refuses a build with 503 when the queue is full', async () => {
    const pool = scripted({ maxQueue: 1 });
    const running = pool.render({ format: 'docx', title: 'hang', markdown: '' });
    const queued = pool.render({ format: 'docx', title: 'hang', markdown: '' });
    await expect(pool.render({ format: 'docx', title: 'ok', markdown: '' })).rejects.toEqual(
      expect.objectContaining({ status: 503, body: { code: 'UNAVAILABLE', message: 'Too many exports in progress, please retry shortly' } }),
    );
    const outcomes = Promise.allSettled([running, queued]);
    await pool.close();
    const [runningOutcome, queuedOutcome] = await outcomes;
    expect(runningOutcome).toEqual({ status: 'rejected', reason: expect.any(AppError) });
    expect(queuedOutcome).toEqual({ status: 'rejected', reason: expect.any(AppError) });
  });

  it('abandons a build that overruns its time limit and carries on with a fresh worker', async () => {
    // Long enough for a fresh worker to start on a busy machine.
    const pool = scripted({ timeoutMs: 1_000 });
    const hung = pool.render({ format: 'docx', title: 'hang', markdown: '' });
    await expect(hung).rejects.toEqual(expect.objectContaining({ status: 503, body: expect.objectContaining({ message: 'The export took too long, please try again' }) }));
    expect((await pool.render({ format: 'docx', title: 'ok', markdown: 'after' })).toString()).toBe('after');
  });

  it('fails the build of a crashed worker and replaces the worker', async () => {
    const pool = scripted();
    await expect(pool.render({ format: 'docx', title: 'crash', markdown: '' })).rejects.toThrow('Export worker stopped (worker exited with code: 3)');
    expect((await pool.render({ format: 'docx', title: 'ok', markdown: 'again' })).toString()).toBe('again');
  });

  it('passes on a build error and keeps the worker', async () => {
    const pool = scripted();
    await expect(pool.render({ format: 'docx', title: 'fail', markdown: '' })).rejects.toThrow('Export failed: unreadable markdown');
    expect((await pool.render({ format: 'docx', title: 'ok', markdown: 'fine' })).toString()).toBe('fine');
    expect(pool.size).toBe(1);
  });

  it('stops an idle worker after the idle time', async () => {
    const pool = scripted({ idleMs: 50 });
    await pool.render({ format: 'docx', title: 'ok', markdown: 'x' });
    expect(pool.size).toBe(1);
    while (pool.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await pool.render({ format: 'docx', title: 'ok', markdown: 'y' })).toString()).toBe('y');
  });
});
