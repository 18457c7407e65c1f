import { runService } from '@prd/kit';
import { AppModule, SERVICE } from './app.module.js';
import { configSchema } from './config.js';

await runService({ service: SERVICE, configSchema, module: (config, logger) => AppModule.register(config, logger) });
