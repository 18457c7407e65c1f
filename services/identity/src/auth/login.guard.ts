import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '@prd/kit';
import { AUTH_MESSAGES, loginSchema } from '@prd/proto';
import type { UserRow } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { LocalLogin } from './local-login.js';

/**
 * `POST /api/login`: validates the body (docs/product.md §5 messages), counts the attempt against the address's
 * limit, then lets passport-local check the credentials (which the account's bucket may slow down).
 * The user lands on `request.user`.
 */
@Injectable()
export class LoginGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly local: LocalLogin,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: UserRow }>();
    const body = loginSchema.parse(request.body ?? {});
    request.body = body;
    await this.auth.countLoginAttempt(request.ip);
    const user = await this.local.userOf(request, http.getResponse<FastifyReply>());
    if (!user) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    request.user = user;
    return true;
  }
}
