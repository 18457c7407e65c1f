import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

@Module({ imports: [AuthModule, UsageModule, TokensModule], controllers: [AccountController], providers: [AccountService] })
export class AccountModule {}
