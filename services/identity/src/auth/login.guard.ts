import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '@prd/kit';
import { AUTH_MESSAGES, loginSchema } from '@prd/proto';
import type { UserRow } from '../users/users.service.js';
import { AuthService } from './auth.service.js';

/**
 * `POST /api/login`: validates the body (docs/product.md §5 messages), counts the attempt against the address's
 * limit, then lets the local strategy check the credentials (which the account's bucket may slow down).
 * The user lands on `request.user`.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  constructor(private readonly auth: AuthService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = loginSchema.parse(request.body ?? {});
    request.body = body;
    await this.auth.countLoginAttempt(request.ip);
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser = UserRow>(err: unknown, user: TUser | false | null): TUser {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    if (!user) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    return user;
  }
}
