import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { CONFIG } from '../config/config.tokens.js';
import type { BaseConfig } from '../config/config.js';
import { notFound } from '../errors/app-error.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** docs/decisions/0003-internal-calls.md: `/internal/...` routes answer only callers holding the shared token; others see a 404. */
@Injectable()
export class InternalGuard implements CanActivate {
  private readonly expected: Buffer;
  constructor(@Inject(CONFIG) config: BaseConfig) {
    this.expected = Buffer.from(config.INTERNAL_TOKEN);
  }
  canActivate(context: ExecutionContext): boolean {
    const given = context.switchToHttp().getRequest<FastifyRequest>().headers[INTERNAL_TOKEN_HEADER];
    const buf = Buffer.from(typeof given === 'string' ? given : '');
    if (buf.length === this.expected.length && timingSafeEqual(buf, this.expected)) return true;
    throw notFound();
  }
}
