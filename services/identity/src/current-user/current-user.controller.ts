import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public, SessionService } from '@prd/kit';
import type { CurrentUser } from '@prd/proto';
import { toCurrentUser, UsersService } from '../users/users.service.js';

@Controller('api/current-user')
export class CurrentUserController {
  constructor(
    private readonly sessions: SessionService,
    private readonly users: UsersService,
  ) {}

  /** A visitor without a user is anonymous (200, not 401), as docs/product.md §3 and §7 expect. */
  @Get()
  @Public()
  async get(@Req() request: FastifyRequest): Promise<CurrentUser> {
    const userId = this.sessions.userId(request);
    const user = userId === undefined ? null : await this.users.findActive(userId);
    return user ? toCurrentUser(user) : { isAuthenticated: false, isAnonymous: true };
  }
}
