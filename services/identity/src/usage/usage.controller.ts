import { Controller, Get } from '@nestjs/common';
import { CurrentUser, WithUser, type ActingUser } from '@prd/kit';
import type { Usage } from '@prd/proto';
import { UsersService } from '../users/users.service.js';
import { UsageService } from './usage.service.js';

@Controller('api/usage')
export class UsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly users: UsersService,
  ) {}

  /** The current calendar month's usage and limits (docs/product.md §3); unlimited is null. */
  @Get()
  @WithUser()
  async get(@CurrentUser() acting: ActingUser | null): Promise<Usage> {
    const user = acting ? await this.users.findActive(acting.id) : null;
    return this.usage.usageOf(user);
  }
}
