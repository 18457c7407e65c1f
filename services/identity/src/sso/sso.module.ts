import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OidcClient } from './oidc-client.js';
import { SsoController } from './sso.controller.js';
import { SsoStore } from './sso-store.js';
import { SsoService } from './sso.service.js';

/** Single sign-on with OpenID Connect (docs/decisions/0036-single-sign-on-openid-connect.md). */
@Module({
  imports: [AuthModule],
  controllers: [SsoController],
  providers: [OidcClient, SsoService, SsoStore],
})
export class SsoModule {}
