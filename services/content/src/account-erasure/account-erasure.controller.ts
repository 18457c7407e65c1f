import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, ZodPipe } from '@prd/kit';
import { userIdParamsSchema, type AccountErasureAnswer, type UserIdParams } from '@prd/proto';
import { AccountErasureService } from './account-erasure.service.js';

/** Identity's call when a registered user deletes their account (docs/decisions/0003-internal-calls.md): only identity may make it. */
@Controller('internal/users')
@UseGuards(InternalGuard)
@InternalCallers('identity')
export class AccountErasureController {
  constructor(private readonly erasure: AccountErasureService) {}

  /** Idempotent: a retry after a failed deletion finds nothing more to remove. */
  @Post(':id/erase')
  @HttpCode(200)
  erase(@Param(new ZodPipe(userIdParamsSchema)) { id }: UserIdParams): Promise<AccountErasureAnswer> {
    return this.erasure.erase(id);
  }
}
