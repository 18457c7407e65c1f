import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { InternalUser } from '@prd/proto';
import type { z } from 'zod';
import { bearerTokenOf } from '../bearer/bearer.js';
import { bearerChallenge, BearerService } from '../bearer/bearer.service.js';
import { accountRequired, forbidden } from '../errors/app-error.js';
import { SessionService } from '../session/session.service.js';
import { ZodPipe } from '../validation/zod.pipe.js';
import { UserDirectory } from './user-directory.js';

/** The user a request acts for: every command carries it, every query is scoped by it. */
export type ActingUser = InternalUser;

export interface UserPolicy {
  /**
   * docs/decisions/0005-users-guests-and-limits.md: an anonymous visitor's first write creates a guest bound to the session — once the write's body
   * passes this schema, since guards run before pipes and a rejected write must not mint a guest.
   */
  provisionGuest?: z.ZodType;
  /** Registered users only; anyone else gets 403 ACCOUNT_REQUIRED with this text. */
  registered?: { message: string; description?: string };
  /**
   * Personal access tokens only (the MCP endpoint): a call without `Authorization: Bearer` gets 401
   * with this text, and the route checks the token's scope itself (`tokenScopeOf`).
   */
  bearerOnly?: string;
  /**
   * Browser sessions only (tokens, the account and its key): a call with `Authorization: Bearer` gets
   * 403 with this text, so a token can neither mint tokens nor take over its account.
   */
  sessionOnly?: string;
}

const USER_POLICY = 'prd:user-policy';
/**
 * How long a replica trusts what identity said about a session's user. Log-in, sign-up and guest
 * reset give the session a new id, so they take effect at once; a deletion from another device
 * reaches this session within this time.
 */
export const USER_RECHECK_MS = 30_000;
const REMEMBERED_SESSIONS = 10_000;
const ACTING_USER = Symbol('acting-user');

type WithActingUser = FastifyRequest & { [ACTING_USER]?: ActingUser | null };

/** Resolves the acting user before the handler runs; read it with `@CurrentUser()`. */
export const WithUser = (policy: UserPolicy = {}) => SetMetadata(USER_POLICY, policy);

/** The acting user resolved by `@WithUser()`: null for an anonymous visitor when no guest was provisioned. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<WithActingUser>()[ACTING_USER] ?? null;
});

@Injectable()
export class ActingUserService {
  /** Session id → its user as last confirmed, so the read path skips a call to identity; entries live USER_RECHECK_MS. */
  private readonly remembered = new LRUCache<string, ActingUser>({ max: REMEMBERED_SESSIONS, ttl: USER_RECHECK_MS });

  constructor(
    private readonly sessions: SessionService,
    private readonly directory: UserDirectory,
  ) {}

  /** The session's user, provisioning a guest when asked; a session naming a vanished user is cleared. */
  async resolve(request: FastifyRequest, policy: UserPolicy = {}): Promise<ActingUser | null> {
    const userId = this.sessions.userId(request);
    let user: ActingUser | null = null;
    if (userId !== undefined) {
      user = await this.lookUp(this.sessions.sessionId(request), userId);
      if (!user) this.sessions.clearUser(request);
    }
    if (!user && policy.provisionGuest) {
      new ZodPipe(policy.provisionGuest).transform(request.body);
      user = await this.directory.createGuest(request.ip);
      await this.sessions.bind(request, user.id);
    }
    return user;
  }

  private async lookUp(sessionId: string, userId: number): Promise<ActingUser | null> {
    const hit = this.remembered.get(sessionId);
    if (hit?.id === userId) return hit;
    const user = await this.directory.getUser(userId);
    if (user) this.remembered.set(sessionId, user);
    else this.remembered.delete(sessionId);
    return user;
  }
}

/** Global guard: applies the `@WithUser()` policy of the handler, if it has one. */
@Injectable()
export class ActingUserGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: ActingUserService,
    private readonly bearer: BearerService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<UserPolicy | undefined>(USER_POLICY, [context.getHandler(), context.getClass()]);
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<WithActingUser>();
    if (policy.sessionOnly !== undefined && bearerTokenOf(request.headers) !== undefined) throw forbidden(policy.sessionOnly);
    // docs/decisions/0015-programmatic-access.md: a bearer token, when given, decides alone; the session is not read.
    const bearer = await this.bearer.authenticate(request, { scopeCheckedByRoute: policy.bearerOnly !== undefined });
    if (policy.bearerOnly !== undefined && !bearer) throw bearerChallenge(policy.bearerOnly);
    const user = bearer?.user ?? (await this.users.resolve(request, policy));
    if (policy.registered && (!user || user.isGuest)) throw accountRequired(policy.registered.message, policy.registered.description);
    request[ACTING_USER] = user;
    return true;
  }
}
