import { Controller, Get } from '@nestjs/common';
import { CurrentUser as Acting, WithUser, type ActingUser } from '@prd/kit';
import type { CurrentUser } from '@prd/proto';
import { toCurrentUser, UsersService } from '../users/users.service.js';

@Controller('api/current-user')
export class CurrentUserController {
  constructor(private readonly users: UsersService) {}

  /** A visitor without a user is anonymous (200, not 401), as docs/product.md §3 and §7 expect; a bearer token answers for its user. */
  @Get()
  @WithUser()
  async get(@Acting() acting: ActingUser | null): Promise<CurrentUser> {
    const user = acting ? await this.users.findActive(acting.id) : null;
    return user ? toCurrentUser(user) : { isAuthenticated: false, isAnonymous: true };
  }
}
