import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, notFound, ZodPipe } from '@prd/kit';
import { resolveTokenSchema, TOKEN_NOT_FOUND, type TokenPrincipal } from '@prd/proto';
import { TokensService } from './tokens.service.js';

/** docs/decisions/0003-internal-calls.md: the services that serve `/api` routes resolve bearer tokens here (kit's BearerService). */
@Controller('internal/tokens')
@UseGuards(InternalGuard)
@InternalCallers('content', 'chat', 'export')
export class TokensInternalController {
  constructor(private readonly tokens: TokensService) {}

  @Post('resolve')
  @HttpCode(200)
  async resolve(@Body(new ZodPipe(resolveTokenSchema)) body: { token: string }): Promise<TokenPrincipal> {
    const principal = await this.tokens.resolve(body.token);
    if (!principal) throw notFound(TOKEN_NOT_FOUND);
    return principal;
  }
}
