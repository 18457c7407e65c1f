import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { LogController } from 'fastify';
import type { DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ConfigError, loadConfig, type BaseConfig } from './config/config.js';
import { ErrorBodyFilter } from './errors/error-body.filter.js';
import { createLogger, PinoNestLogger } from './logging/logger.js';
import { redactPath } from './logging/redact-path.js';
import { METRICS } from './metrics/metrics.tokens.js';
import type { Metrics } from './metrics/metrics.js';
import { checkStateChangingRequest } from './security/same-origin.js';
import { readUnreadUpload } from './security/unread-upload.js';
import { SessionService } from './session/session.service.js';

export interface AppOptions<C extends BaseConfig> {
  service: string;
  config: C;
  logger?: Logger;
  /** Builds the service's root module from its validated configuration and logger. */
  module: (config: C, logger: Logger) => DynamicModule;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Builds a ready (not yet listening) NestJS + Fastify application with the kit's hooks installed. */
export async function createServiceApp<C extends BaseConfig>(options: AppOptions<C>): Promise<NestFastifyApplication> {
  const { service, config } = options;
  const logger = options.logger ?? createLogger(service, config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: true,
    // One line per request, written when it completes (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // nginx sets X-Request-Id; keep it so one id follows a request through every service (docs/decisions/0008-observability-and-operations.md).
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(options.module(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.useGlobalFilters(new ErrorBodyFilter());
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get<Metrics>(METRICS);

  // Before the session is loaded, so a refused cross-site request costs no Redis read.
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-service', service);
    reply.header('x-request-id', request.id);
    checkStateChangingRequest(request, config.ALLOWED_ORIGINS);
  });
  fastify.addHook('onSend', async (request, _reply, payload) => {
    await readUnreadUpload(request);
    return payload;
  });
  await app.register(fastifyCookie);
  await app.register(fastifySession, app.get(SessionService).pluginOptions());
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    metrics.httpDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    request.log.info({ method: request.method, path: redactPath(request.url.split('?')[0]!), statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
    if (reply.statusCode >= 500) metrics.httpErrors.inc({ route, status });
  });

  try {
    await app.init();
  } catch (err) {
    // A start-up check that refuses (a demo account that would take over someone's) leaves the clients the modules
    // already opened (PostgreSQL, Redis): close them, so that nothing holds the process after the error.
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

export interface RunOptions<S extends z.ZodType<BaseConfig>> {
  service: string;
  configSchema: S;
  module: (config: z.infer<S>, logger: Logger) => DynamicModule;
}

/** The entry point of a service: validate configuration (exit with a clear message), start, listen. */
export async function runService<S extends z.ZodType<BaseConfig>>(options: RunOptions<S>): Promise<NestFastifyApplication> {
  let config: z.infer<S>;
  try {
    config = loadConfig(options.service, options.configSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let app: NestFastifyApplication;
  try {
    app = await createServiceApp({ service: options.service, config, module: options.module });
  } catch (err) {
    process.stderr.write(`${options.service} cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
