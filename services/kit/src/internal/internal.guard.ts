import { Inject, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CONFIG } from '../config/config.tokens.js';
import { notFound } from '../errors/app-error.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** The processes that call internal routes, each with a token of its own (docs/decisions/0003-internal-calls.md). */
export const INTERNAL_CALLERS = ['content', 'chat', 'chat-worker', 'export', 'identity'] as const;
export type InternalCaller = (typeof INTERNAL_CALLERS)[number];

/** `chat-worker` → `INTERNAL_TOKEN_CHAT_WORKER`: the variable that holds a caller's token where it is checked. */
export const callerTokenVariable = (caller: InternalCaller) => `INTERNAL_TOKEN_${caller.toUpperCase().replace(/-/g, '_')}`;

const secret = (name: string) => z.string({ error: `${name} is required` }).min(32, `${name} must be at least 32 characters`);

/** The configuration a service that serves internal routes needs: the token of each caller it accepts. */
export function acceptedCallerTokens(...callers: InternalCaller[]): Record<string, z.ZodString> {
  return Object.fromEntries(callers.map((c) => [callerTokenVariable(c), secret(callerTokenVariable(c))]));
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
  private readonly tokens = new Map<InternalCaller, Buffer>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(CONFIG) config: Record<string, unknown>,
  ) {
    for (const caller of INTERNAL_CALLERS) {
      const token = config[callerTokenVariable(caller)];
      if (typeof token === 'string' && token.length > 0) this.tokens.set(caller, Buffer.from(token));
    }
  }

  canActivate(context: ExecutionContext): boolean {
    const accepted = this.reflector.getAllAndOverride<InternalCaller[] | undefined>(CALLERS, [context.getHandler(), context.getClass()]) ?? [];
    const given = context.switchToHttp().getRequest<FastifyRequest>().headers[INTERNAL_TOKEN_HEADER];
    const buf = Buffer.from(typeof given === 'string' ? given : '');
    for (const caller of accepted) {
      const expected = this.tokens.get(caller);
      if (expected && buf.length === expected.length && timingSafeEqual(buf, expected)) return true;
    }
    throw notFound();
  }
}
