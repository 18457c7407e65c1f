import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, forbidden, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  createTokenSchema,
  DEMO_TOKENS_REFUSED,
  TOKEN_SESSION_REQUIRED,
  tokenParamsSchema,
  TOKENS_SIGN_UP_REQUIRED,
  type CreatedToken,
  type CreateToken,
  type TokenDto,
} from '@prd/proto';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { UsersService } from '../users/users.service.js';
import { TokensService } from './tokens.service.js';

/** Settings → API tokens (docs/decisions/0015-programmatic-access.md): registered users, signed in (a token cannot mint tokens). */
@Controller('api/tokens')
export class TokensController {
  constructor(
    private readonly tokens: TokensService,
    private readonly users: UsersService,
    private readonly demo: DemoAccountService,
  ) {}

  @Get()
  @WithUser({ registered: TOKENS_SIGN_UP_REQUIRED, sessionOnly: TOKEN_SESSION_REQUIRED })
  list(@CurrentUser() user: ActingUser): Promise<TokenDto[]> {
    return this.tokens.list(user.id);
  }

  @Post()
  @WithUser({ registered: TOKENS_SIGN_UP_REQUIRED, sessionOnly: TOKEN_SESSION_REQUIRED })
  async create(@CurrentUser() user: ActingUser, @Body(new ZodPipe(createTokenSchema)) body: CreateToken): Promise<CreatedToken> {
    const row = await this.users.findActive(user.id);
    if (row && this.demo.isDemo(row)) throw forbidden(DEMO_TOKENS_REFUSED);
    return this.tokens.create(user.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @WithUser({ registered: TOKENS_SIGN_UP_REQUIRED, sessionOnly: TOKEN_SESSION_REQUIRED })
  async revoke(@CurrentUser() user: ActingUser, @Param(new ZodPipe(tokenParamsSchema)) { id }: { id: number }): Promise<void> {
    await this.tokens.revoke(user.id, id);
  }
}
