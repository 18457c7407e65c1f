import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { createServiceApp } from '../bootstrap.js';
import { loadConfig, type BaseConfig } from '../config/config.js';
import { testEnv } from './test-servers.js';

export interface TestService<C> {
  app: NestFastifyApplication;
  config: C;
  /** Base URL of the listening service, e.g. http://127.0.0.1:41234 */
  url: string;
  close: () => Promise<void>;
}

/** Starts a real service (its own database, the shared test Redis) listening on a free port. */
export async function startTestService<S extends z.ZodType<BaseConfig>>(options: {
  service: string;
  configSchema: S;
  module: (config: z.infer<S>, logger: Logger) => DynamicModule;
  env?: Record<string, string>;
  /** Where its logs go (a test reading them); else JSON to stdout at LOG_LEVEL. */
  logger?: Logger;
  /** A port reserved beforehand (a peer already configured with this address); else any free one. */
  port?: number;
}): Promise<TestService<z.infer<S>>> {
  const env = { ...(await testEnv(options.service)), ...options.env };
  const config = loadConfig(options.service, options.configSchema, env);
  const app = await createServiceApp({ service: options.service, config, module: options.module, ...(options.logger ? { logger: options.logger } : {}) });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, config, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
