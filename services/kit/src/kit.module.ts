import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { drizzle } from 'drizzle-orm/node-postgres';
import { BearerService } from './bearer/bearer.service.js';
import { CONFIG, SERVICE_NAME } from './config/config.tokens.js';
import type { BaseConfig } from './config/config.js';
import { DB, PG_POOL } from './database/database.tokens.js';
import { createPool, migrateWithLock } from './database/postgres.js';
import { HealthController } from './health/health.controller.js';
import { InternalGuard } from './internal/internal.guard.js';
import { LOGGER } from './logging/logger.tokens.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { createMetrics } from './metrics/metrics.js';
import { METRICS } from './metrics/metrics.tokens.js';
import { createRedis } from './redis/redis.js';
import { REDIS } from './redis/redis.tokens.js';
import { SessionService } from './session/session.service.js';
import { WebSocketService } from './websocket/websocket.js';
import { ActingUserGuard, ActingUserService } from './users/acting-user.js';
import { HttpUserDirectory, UserDirectory } from './users/user-directory.js';

export interface KitOptions<C extends BaseConfig> {
  service: string;
  config: C;
  logger: Logger;
  /** The service's drizzle tables, for typed queries. */
  tables: Record<string, unknown>;
  /** Folder of the committed drizzle-kit migrations, applied at start-up. */
  migrationsFolder: string;
  /** Identity answers from its own tables; every other service asks identity over HTTP (the default). */
  userDirectory?: Type<UserDirectory>;
}

const MIGRATIONS_FOLDER = Symbol('MIGRATIONS_FOLDER');

/** Configuration, logging, PostgreSQL, Redis, sessions, health and metrics for one service. */
@Global()
@Module({})
export class KitModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(MIGRATIONS_FOLDER) private readonly migrationsFolder: string,
  ) {}

  static forRoot<C extends BaseConfig>(options: KitOptions<C>): DynamicModule {
    const pool = createPool(options.config.DATABASE_URL, options.logger);
    const providers = [
      { provide: CONFIG, useValue: options.config },
      { provide: SERVICE_NAME, useValue: options.service },
      { provide: LOGGER, useValue: options.logger },
      { provide: PG_POOL, useValue: pool },
      { provide: DB, useValue: drizzle(pool, { schema: options.tables }) },
      { provide: REDIS, useFactory: () => createRedis(options.config.REDIS_URL, options.logger, `${options.service}-main`) },
      { provide: METRICS, useValue: createMetrics(options.service) },
      { provide: MIGRATIONS_FOLDER, useValue: options.migrationsFolder },
      SessionService,
      InternalGuard,
      WebSocketService,
      ActingUserService,
      BearerService,
      { provide: UserDirectory, useClass: options.userDirectory ?? HttpUserDirectory },
    ];
    return {
      module: KitModule,
      controllers: [HealthController, MetricsController],
      providers: [...providers, { provide: APP_GUARD, useClass: ActingUserGuard }],
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }

  async onModuleInit() {
    await migrateWithLock(this.pool, this.migrationsFolder);
  }

  async onApplicationShutdown() {
    await Promise.allSettled([this.pool.end(), this.redis.quit()]);
  }
}
