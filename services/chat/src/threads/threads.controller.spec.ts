import { describe, expect, it } from '@jest/globals';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino } from 'pino';
import type { ActingUser } from '@prd/kit';
import { ThreadsController } from './threads.controller.js';
import type { ThreadsService } from './threads.service.js';
import type { AiJobsService } from '../jobs/ai-jobs.service.js';

describe('auto-title', () => {
  it('logs a failed title job’s database error as a summary, without the parameters of its query', async () => {
    const lines: string[] = [];
    const logger = pino({}, { write: (line: string) => void lines.push(line) });
    const failure = new DrizzleQueryError(
      'select "content" from "chat_messages" where "thread_id" = $1 and "content" = $2',
      [7, 'the secret launch date'],
      Object.assign(new Error('canceling statement due to statement timeout'), { severity: 'ERROR', code: '57014' }),
    );
    const threads = { claimAutoTitle: async () => true, setTitle: async (_user: number, _id: number, title: string) => title } as unknown as ThreadsService;
    const jobs = { run: () => Promise.reject(failure) } as unknown as AiJobsService;
    const controller = new ThreadsController(threads, jobs, logger);

    expect(await controller.autoTitle({ id: 1 } as ActingUser, { id: 7 })).toEqual({ title: 'New Conversation' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ threadId: 7, err: 'Database error 57014 in select on chat_messages' });
    expect(lines[0]).not.toContain('secret launch date');
  });
});
