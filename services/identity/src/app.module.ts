import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule } from '@prd/kit';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import * as tables from './db/schema.js';
import { CurrentUserModule } from './current-user/current-user.module.js';
import { PushModule } from './push/push.module.js';
import { LocalUserDirectory } from './users/local-user-directory.js';

export const SERVICE = 'identity';
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

@Module({})
export class AppModule {
  static register(config: Config, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE, config, logger, tables, migrationsFolder, userDirectory: LocalUserDirectory }), CurrentUserModule, PushModule],
    };
  }
}
