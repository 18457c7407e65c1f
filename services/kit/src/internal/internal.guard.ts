import { Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CONFIG } from '../config/config.tokens.js';
import { notFound } from '../errors/app-error.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** The processes that call internal routes, each with a token of its own (docs/decisions/0003-internal-calls.md). */
export const INTERNAL_CALLERS = ['content', 'chat', 'chat-worker', 'export', 'identity'] as const;
export type InternalCaller = (typeof INTERNAL_CALLERS)[number];

/**
 * `chat-worker` → `INTERNAL_TOKEN_CHAT_WORKER_SHA256`: the variable that holds the SHA-256 of a caller's token where it is checked.
 * A service keeps only the hashes of its callers' tokens, so its configuration (environment, a dump of its process) lets no one
 * act as one of its callers towards another service.
 */
export const callerTokenHashVariable = (caller: InternalCaller) => `INTERNAL_TOKEN_${caller.toUpperCase().replace(/-/g, '_')}_SHA256`;

/** The hex SHA-256 of an internal token, as the services checking it are given it (`printf %s "$TOKEN" | sha256sum`). */
export const internalTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const secret = (name: string) => z.string({ error: `${name} is required` }).min(32, `${name} must be at least 32 characters`);
const tokenHash = (name: string) => z.string({ error: `${name} is required` }).regex(/^[0-9a-fA-F]{64}$/, `${name} must be the SHA-256 of the caller's token: 64 hex digits`);

/** The configuration a service that serves internal routes needs: the hash of the token of each caller it accepts. */
export function acceptedCallerTokens(...callers: InternalCaller[]): Record<string, z.ZodString> {
  return Object.fromEntries(callers.map((c) => [callerTokenHashVariable(c), tokenHash(callerTokenHashVariable(c))]));
}

/** The configuration a service that calls internal routes needs: its own token. */
export const callerToken = { INTERNAL_TOKEN: secret('INTERNAL_TOKEN') };

const CALLERS = 'prd:internal-callers';

/** Names the callers an internal controller or route accepts; any other caller (or none named) gets a 404. */
export const InternalCallers = (...callers: InternalCaller[]) => SetMetadata(CALLERS, callers);

/**
 * docs/decisions/0003-internal-calls.md: `/internal/...` routes answer only the callers they name, each recognised by its own token, so a
 * leaked token opens only what that caller may do (only the chat worker reads a user's key). Others,
 * and routes that name no caller, see a 404.
 */
@Injectable()
export class InternalGuard implements CanActivate {
  private readonly hashes = new Map<InternalCaller, Buffer>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(CONFIG) config: Record<string, unknown>,
  ) {
    for (const caller of INTERNAL_CALLERS) {
      const hash = config[callerTokenHashVariable(caller)];
      if (typeof hash === 'string' && hash.length > 0) this.hashes.set(caller, Buffer.from(hash, 'hex'));
    }
  }

  canActivate(context: ExecutionContext): boolean {
    const accepted = this.reflector.getAllAndOverride<InternalCaller[] | undefined>(CALLERS, [context.getHandler(), context.getClass()]) ?? [];
    const given = context.switchToHttp().getRequest<FastifyRequest>().headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || given.length === 0) throw notFound();
    const hash = createHash('sha256').update(given).digest();
    for (const caller of accepted) {
      const expected = this.hashes.get(caller);
      if (expected && expected.length === hash.length && timingSafeEqual(hash, expected)) return true;
    }
    throw notFound();
  }
}
