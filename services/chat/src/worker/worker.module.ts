import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule } from '@prd/kit';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import * as tables from '../db/schema.js';
import { AiWorkerService } from './ai-worker.service.js';
import type { WorkerConfig } from './worker.config.js';

export const WORKER_SERVICE = 'chat-worker';
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The ai-worker process: the kit (database, Redis, health, metrics) plus the queue consumer. */
@Module({})
export class WorkerModule {
  static register(config: WorkerConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [KitModule.forRoot({ service: WORKER_SERVICE, config, logger, tables, migrationsFolder })],
      providers: [AiWorkerService],
    };
  }
}
