import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule } from '@prd/kit';
import type { Logger } from 'pino';
import { fileURLToPath } from 'node:url';
import * as tables from '../db/schema.js';
import { AiWorkerService } from './ai-worker.service.js';
import { AiJobProcessor } from './ai-job.processor.js';
import { VoiceTokenWorker } from './voice-token.worker.js';
import type { WorkerConfig } from './worker.config.js';
import { PeersModule } from '../peers/peers.module.js';
import { AiEditPreferences } from '../suggestions/ai-edit-preferences.repository.js';
import { ProviderFactory } from '../ai/provider-factory.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { FlowsRepository } from '../document-flow/flows.repository.js';

export const WORKER_SERVICE = 'chat-worker';
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The ai-worker process: the kit (database, Redis, health, metrics) plus the queue consumer. */
@Module({})
export class WorkerModule {
  static register(config: WorkerConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [KitModule.forRoot({ service: WORKER_SERVICE, config, logger, tables, migrationsFolder }), PeersModule],
      providers: [AiWorkerService, AiJobProcessor, VoiceTokenWorker, ProviderFactory, MessagesRepository, FlowsRepository, AiEditPreferences],
    };
  }
}
