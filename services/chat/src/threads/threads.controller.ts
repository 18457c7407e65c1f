import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppError, CurrentUser, LOGGER, WithUser, ZodPipe, notFound, type ActingUser } from '@prd/kit';
import { AUTO_TITLE_FALLBACK, createThreadSchema, threadParamsSchema as threadParams, updateThreadSchema, type ChatThread, type ThreadDetail } from '@prd/proto';
import type { z } from 'zod';
import { ThreadsService } from './threads.service.js';
import { AiJobsService } from '../jobs/ai-jobs.service.js';
import { safeErrorText } from '../ai/ai-errors.js';

type ThreadParams = z.infer<typeof threadParams>;

@Controller('api/chat/threads')
export class ThreadsController {
  constructor(
    private readonly threads: ThreadsService,
    private readonly jobs: AiJobsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The user's threads, most recently updated first; a visitor without a user has none. */
  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null): Promise<ChatThread[]> {
    return user ? this.threads.list(user.id) : Promise.resolve([]);
  }

  @Post()
  @WithUser({ provisionGuest: createThreadSchema })
  create(@CurrentUser() user: ActingUser, @Body(new ZodPipe(createThreadSchema)) body: z.infer<typeof createThreadSchema>): Promise<ChatThread> {
    return this.threads.create(user.id, body.title);
  }

  @Get(':id')
  @WithUser()
  detail(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(threadParams)) { id }: ThreadParams): Promise<ThreadDetail> {
    if (!user) throw notFound('Thread not found');
    return this.threads.detail(user.id, id);
  }

  @Put(':id')
  @WithUser()
  rename(
    @CurrentUser() user: ActingUser | null,
    @Param(new ZodPipe(threadParams)) { id }: ThreadParams,
    @Body(new ZodPipe(updateThreadSchema)) body: z.infer<typeof updateThreadSchema>,
  ): Promise<ChatThread> {
    if (!user) throw notFound('Thread not found');
    return this.threads.rename(user.id, id, body.title);
  }

  @Delete(':id')
  @HttpCode(204)
  @WithUser()
  async remove(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(threadParams)) { id }: ThreadParams): Promise<void> {
    if (!user) throw notFound('Thread not found');
    await this.threads.remove(user.id, id);
  }

  /**
   * A short title from the first exchange; when the AI cannot give one, 'New Conversation'. It runs
   * once per thread and title (a rename allows one more): asked again, it answers the current title.
   */
  @Post(':id/auto-title')
  @HttpCode(200)
  @WithUser()
  async autoTitle(@CurrentUser() user: ActingUser | null, @Param(new ZodPipe(threadParams)) { id }: ThreadParams): Promise<{ title: string }> {
    if (!user) throw notFound('Thread not found');
    if (!(await this.threads.claimAutoTitle(user.id, id))) return { title: (await this.threads.get(user.id, id)).title };
    let title = AUTO_TITLE_FALLBACK;
    try {
      title = (await this.jobs.run(user.id, { kind: 'title', threadId: id }, { consume: false })).title ?? AUTO_TITLE_FALLBACK;
    } catch (err) {
      // Over the per-minute reply cap the client is told so, and may ask again.
      if (err instanceof AppError && err.status === 429) {
        await this.threads.releaseAutoTitle(user.id, id);
        throw err;
      }
      this.logger.warn({ threadId: id, err: safeErrorText(err) }, 'auto-title failed; using the fallback title');
    }
    return { title: await this.threads.setTitle(user.id, id, title) };
  }
}
