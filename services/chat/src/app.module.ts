import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule } from '@prd/kit';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import * as tables from './db/schema.js';
import { ThreadsModule } from './threads/threads.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { PeersModule } from './peers/peers.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { StreamingModule } from './streaming/streaming.module.js';
import { ChatModule } from './chat/chat.module.js';
import { DocumentFlowModule } from './document-flow/document-flow.module.js';
import { SuggestionsModule } from './suggestions/suggestions.module.js';

export const SERVICE = 'chat';
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

@Module({})
export class AppModule {
  static register(config: Config, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        KitModule.forRoot({ service: SERVICE, config, logger, tables, migrationsFolder }),
        PeersModule,
        JobsModule,
        StreamingModule,
        ThreadsModule,
        ChatModule,
        DocumentFlowModule,
        SuggestionsModule,
        RealtimeModule,
      ],
    };
  }
}
