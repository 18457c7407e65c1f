import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { DB, SessionService, type Database } from '@prd/kit';
import type { CurrentUser } from '@prd/proto';
import * as tables from '../db/schema.js';

@Controller('api/current-user')
export class CurrentUserController {
  constructor(
    private readonly sessions: SessionService,
    @Inject(DB) private readonly db: Database<typeof tables>,
  ) {}

  /** A visitor without a user is anonymous (200, not 401), as SPEC §3 and §7 expect. */
  @Get()
  async get(@Req() request: FastifyRequest): Promise<CurrentUser> {
    const session = await this.sessions.get(request);
    const userId = session.userId;
    if (userId === undefined) return { isAuthenticated: false, isAnonymous: true };
    const [user] = await this.db.select().from(tables.users).where(eq(tables.users.id, userId));
    if (!user) return { isAuthenticated: false, isAnonymous: true };
    return {
      isAuthenticated: true,
      isAnonymous: false,
      id: user.id,
      username: user.username ?? '',
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      isGuest: user.isGuest,
    };
  }
}
