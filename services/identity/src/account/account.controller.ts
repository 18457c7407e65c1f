import { Controller, Delete, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, unauthorized, WithUser, type ActingUser } from '@prd/kit';
import { TOKEN_SESSION_REQUIRED, type AccountDeleteAnswer } from '@prd/proto';
import { AccountService } from './account.service.js';

@Controller('api/account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Delete()
  @WithUser({ sessionOnly: TOKEN_SESSION_REQUIRED })
  async delete(@CurrentUser() user: ActingUser | null, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AccountDeleteAnswer> {
    if (!user) throw unauthorized('There is no account to delete');
    return this.account.delete(user.id, request, reply);
  }
}
