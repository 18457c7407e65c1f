import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthAnswer } from '@prd/proto';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { Public } from '../access/public.js';
import { SERVICE_NAME } from '../config/config.tokens.js';
import { PG_POOL } from '../database/database.tokens.js';
import { REDIS } from '../redis/redis.tokens.js';

const CHECK_TIMEOUT_MS = 1_500;

async function timed(check: () => Promise<unknown>) {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok' as const, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'error' as const, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness (docs/decisions/0008-observability-and-operations.md). Not exposed by the gateway. */
@Controller()
@Public()
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('healthz')
  healthz(): HealthAnswer {
    return { service: this.service, status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthAnswer> {
    const [database, redis] = await Promise.all([
      timed(() => this.pool.query('SELECT 1')),
      // A client that is not connected would only queue the ping; report it as down at once.
      timed(() => (this.redis.status === 'ready' ? this.redis.ping() : Promise.reject(new Error(`redis ${this.redis.status}`)))),
    ]);
    const status = database.status === 'ok' && redis.status === 'ok' ? 'ok' : 'error';
    if (status !== 'ok') void reply.status(503);
    return { service: this.service, status, checks: { database, redis } };
  }
}
