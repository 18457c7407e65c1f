import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule } from '@prd/kit';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import * as tables from './db/schema.js';
import { AccountModule } from './account/account.module.js';
import { AuthModule } from './auth/auth.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { SsoModule } from './sso/sso.module.js';
import { CurrentUserModule } from './current-user/current-user.module.js';
import { InternalModule } from './internal/internal.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { PushModule } from './push/push.module.js';
import { TokensModule } from './tokens/tokens.module.js';
import { UsageModule } from './usage/usage.module.js';
import { LocalUserDirectory } from './users/local-user-directory.js';
import { UsersModule } from './users/users.module.js';

export const SERVICE = 'identity';
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

@Module({})
export class AppModule {
  static register(config: Config, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        KitModule.forRoot({ service: SERVICE, config, logger, tables, migrationsFolder, userDirectory: LocalUserDirectory }),
        UsersModule,
        CurrentUserModule,
        PushModule,
        NotificationsModule,
        UsageModule,
        InternalModule,
        AuthModule,
        SsoModule,
        SettingsModule,
        AccountModule,
        FeedbackModule,
        TokensModule,
      ],
    };
  }
}
