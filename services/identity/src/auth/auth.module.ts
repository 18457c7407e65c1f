import { Module } from '@nestjs/common';
import { UsageModule } from '../usage/usage.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { DemoAccountController } from './demo-account.controller.js';
import { DemoAccountService } from './demo-account.service.js';
import { LocalLogin } from './local-login.js';
import { LoginGuard } from './login.guard.js';
import { LoginThrottle } from './login-throttle.js';

@Module({
  imports: [UsageModule],
  controllers: [AuthController, DemoAccountController],
  providers: [AuthService, LocalLogin, LoginGuard, LoginThrottle, DemoAccountService],
  exports: [AuthService, DemoAccountService],
})
export class AuthModule {}
