import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { createTokenSchema, tokenParamsSchema, TOKENS_SIGN_UP_REQUIRED, type CreatedToken, type CreateToken, type TokenDto } from '@prd/proto';
import { TokensService } from './tokens.service.js';

/** Settings → API tokens (docs/decisions/0015-programmatic-access.md): registered users only. */
@Controller('api/tokens')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  @WithUser({ registered: TOKENS_SIGN_UP_REQUIRED })
  list(@CurrentUser() user: ActingUser): Promise<TokenDto[]> {
    return this.tokens.list(user.id);
  }

  @Post()
  @WithUser({ registered: TOKENS_SIGN_UP_REQUIRED })
  create(@CurrentUser() user: ActingUser, @Body(new ZodPipe(createTokenSchema)) body: CreateToken): Promise<CreatedToken> {
    return this.tokens.create(user.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @WithUser({ registered: TOKENS_SIGN_UP_REQUIRED })
  async revoke(@CurrentUser() user: ActingUser, @Param(new ZodPipe(tokenParamsSchema)) { id }: { id: number }): Promise<void> {
    await this.tokens.revoke(user.id, id);
  }
}
