import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { CONFIG, conflict, DB, forbidden, SessionService, type Database } from '@prd/kit';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type RegisterRequest } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { hashPassword, needsRehash, verifyPassword } from '../security/password.js';
import { AddressLimits } from '../security/address-limits.js';
import { UsageService } from '../usage/usage.service.js';
import { DemoAccountService } from './demo-account.service.js';
import { LoginThrottle } from './login-throttle.js';
import { UsersService, type UserRow } from '../users/users.service.js';

const UNIQUE_VIOLATION = '23505';

/** Sign-up and log-in (docs/product.md §3, §5; docs/decisions/0005-users-guests-and-limits.md, docs/decisions/0009-security.md). */
@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified against when the user does not exist, so both failures take the same time (docs/decisions/0009-security.md). */
  private dummyHash!: Promise<string>;

  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) private readonly config: Config,
    private readonly users: UsersService,
    private readonly usage: UsageService,
    private readonly limits: AddressLimits,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly demo: DemoAccountService,
  ) {}

  onModuleInit() {
    this.dummyHash = hashPassword('not the password of anyone', this.config.PASSWORD_SCRYPT_LOG_N);
  }

  /**
   * The user these credentials belong to, or null; unknown users and wrong passwords cost the same.
   * One throttle bucket per account, whether its username or its email was typed (docs/decisions/0009-security.md).
   */
  async verifyCredentials(login: string, password: string): Promise<UserRow | null> {
    const user = await this.users.findByLogin(login);
    const account = user ? `user:${user.id}` : `name:${login.trim().toLowerCase()}`;
    await this.throttle.slowDown(account);
    let valid = false;
    if (user?.passwordHash) valid = await verifyPassword(password, user.passwordHash);
    else await verifyPassword(password, await this.dummyHash);
    if (!user || !valid) {
      await this.throttle.failed(account);
      return null;
    }
    await this.throttle.succeeded(account);
    if (needsRehash(user.passwordHash!, this.config.PASSWORD_SCRYPT_LOG_N)) await this.rehash(user, password);
    return user;
  }

  /** A hash made at an older cost is re-made at today's while the password is at hand (only if nobody changed it meanwhile). */
  private async rehash(user: UserRow, password: string): Promise<void> {
    const passwordHash = await hashPassword(password, this.config.PASSWORD_SCRYPT_LOG_N);
    const u = tables.users;
    await this.db
      .update(u)
      .set({ passwordHash })
      .where(and(eq(u.id, user.id), eq(u.passwordHash, user.passwordHash!)));
  }

  /** Counts a log-in attempt from an address; over the limit: 429 saying when to retry. */
  countLoginAttempt(address: string): Promise<void> {
    return this.throttle.countAddress(address);
  }

  /** Binds the user to a fresh session id (against session fixation, docs/decisions/0009-security.md). */
  async logIn(request: FastifyRequest, user: UserRow): Promise<void> {
    await this.sessions.bind(request, user.id);
    if (this.demo.isDemo(user)) await this.demo.noteSession(request);
  }

  /**
   * Creates an account, or upgrades the session's guest in place (docs/decisions/0005-users-guests-and-limits.md: same id, so every document,
   * chat and the month's usage stay). The settings variant names the guest's id, which must be the session's.
   */
  async register(body: RegisterRequest, request: FastifyRequest): Promise<UserRow> {
    await this.limits.registration(request.ip);

    const sessionUserId = this.sessions.userId(request);
    const current = sessionUserId === undefined ? null : await this.users.findActive(sessionUserId);
    if (body.id !== undefined) {
      if (!current || current.id !== body.id) throw forbidden('You can only register your own account');
      if (!current.isGuest) throw conflict('This account is already registered');
    }
    if (await this.users.usernameTaken(body.username)) throw conflict(AUTH_MESSAGES.usernameTaken);
    if (await this.users.emailTaken(body.email)) throw conflict(AUTH_MESSAGES.emailTaken);

    const values = {
      username: body.username,
      email: body.email,
      name: body.name ?? null,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      passwordHash: await hashPassword(body.password, this.config.PASSWORD_SCRYPT_LOG_N),
      isGuest: false,
      updatedAt: new Date(),
    };
    const u = tables.users;
    let user: UserRow | undefined;
    try {
      if (current?.isGuest) {
        [user] = await this.db
          .update(u)
          .set(values)
          .where(and(eq(u.id, current.id), eq(u.isGuest, true), isNull(u.deletedAt)))
          .returning();
        if (!user) throw conflict('This account is already registered');
      } else {
        [user] = await this.db.insert(u).values(values).returning();
      }
    } catch (err) {
      throw translateUniqueViolation(err);
    }
    await this.logIn(request, user!);
    // The limits change with the tier: the user's open tabs refresh their usage line.
    await this.usage.announce(user!.id);
    return user!;
  }
}

/** Two sign-ups racing for one name: the loser gets the same 409 as a plain taken name. */
function translateUniqueViolation(err: unknown): unknown {
  const pg = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
  if (pg?.code !== UNIQUE_VIOLATION) return err;
  return conflict(pg.constraint === 'users_email_lower_idx' ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.usernameTaken);
}
