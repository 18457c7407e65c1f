import { Module } from '@nestjs/common';
import { TokensInternalController } from './tokens-internal.controller.js';
import { TokensController } from './tokens.controller.js';
import { TokensService } from './tokens.service.js';

@Module({ controllers: [TokensController, TokensInternalController], providers: [TokensService], exports: [TokensService] })
export class TokensModule {}
