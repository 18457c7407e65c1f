import { runService } from '@prd/kit';
import { WORKER_SERVICE, WorkerModule } from './worker/worker.module.js';
import { workerConfigSchema } from './worker/worker.config.js';

await runService({ service: WORKER_SERVICE, configSchema: workerConfigSchema, module: (config, logger) => WorkerModule.register(config, logger) });
