import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { DB, SessionService, type Database } from '@prd/kit';
import type { ChatThread } from '@prd/proto';
import * as tables from '../db/schema.js';

@Controller('api/chat/threads')
export class ThreadsController {
  constructor(
    private readonly sessions: SessionService,
    @Inject(DB) private readonly db: Database<typeof tables>,
  ) {}

  /** The session user's threads, most recently updated first; a visitor without a user has none. */
  @Get()
  async list(@Req() request: FastifyRequest): Promise<ChatThread[]> {
    const { userId } = await this.sessions.get(request);
    if (userId === undefined) return [];
    const t = tables.chatThreads;
    const rows = await this.db
      .select({ id: t.id, title: t.title, updatedAt: t.updatedAt })
      .from(t)
      .where(eq(t.userId, userId))
      .orderBy(desc(t.updatedAt));
    return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  }
}
