import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsageModule } from '../usage/usage.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DemoAccountController } from './demo-account.controller.js';
import { DemoAccountService } from './demo-account.service.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginGuard } from './login.guard.js';
import { LoginThrottle } from './login-throttle.js';

@Module({
  imports: [PassportModule, UsageModule],
  controllers: [AuthController, DemoAccountController],
  providers: [AuthService, LocalStrategy, LoginGuard, LoginThrottle, DemoAccountService],
  exports: [AuthService, DemoAccountService],
})
export class AuthModule {}
