import { Controller, Delete, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, SessionService, unauthorized, WithUser, type ActingUser } from '@prd/kit';
import type { AccountDeleteAnswer } from '@prd/proto';
import { AccountService } from './account.service.js';

@Controller('api/account')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: SessionService,
  ) {}

  @Delete()
  @WithUser()
  async delete(@CurrentUser() user: ActingUser | null, @Req() request: FastifyRequest): Promise<AccountDeleteAnswer> {
    if (!user) throw unauthorized('There is no account to delete');
    return this.account.delete(user.id, await this.sessions.get(request), request.ip);
  }
}
