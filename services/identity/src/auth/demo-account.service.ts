import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { CONFIG, DB, deploymentChannel, LOGGER, REDIS, SessionService, type Database } from '@prd/kit';
import type { DemoAccount } from '@prd/proto';
import * as tables from '../db/schema.js';
import { demoAccountEnabled, type Config } from '../config.js';
import { hashPassword, verifyPassword } from '../security/password.js';
import { revokeAllTokensOf } from '../tokens/tokens.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';

/** Where the demo account's sessions are listed (id → when it expires), so a new password can end them all. */
const DEMO_SESSIONS = 'identity:demo-sessions';

/** docs/decisions/0009-security.md: the quick-login test account of the auth screen, seeded at start-up when enabled. */
@Injectable()
export class DemoAccountService implements OnApplicationBootstrap {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  private get sessionsKey(): string {
    return deploymentChannel(DEMO_SESSIONS, this.config);
  }

  get enabled(): boolean {
    return demoAccountEnabled(this.config);
  }

  /** The credentials the auth screen shows, or null when the demo account is off. */
  credentials(): DemoAccount | null {
    return this.enabled ? { username: this.config.DEMO_USERNAME, password: this.config.DEMO_PASSWORD } : null;
  }

  /** True for the demo account, which nobody may delete or attach a key to (it is shared by design). */
  isDemo(user: { isDemo: boolean }): boolean {
    return this.enabled && user.isDemo;
  }

  /**
   * Notes a session the demo account was just logged in on. Sessions are not listed by user anywhere
   * else; the demo account's are, since anyone may log in as it and a new password must shut them all out.
   */
  async noteSession(request: FastifyRequest): Promise<void> {
    const now = Date.now();
    await this.redis
      .multi()
      .zremrangebyscore(this.sessionsKey, '-inf', String(now))
      .zadd(this.sessionsKey, now + this.config.SESSION_TTL_SECONDS * 1000, this.sessions.sessionId(request))
      .pexpire(this.sessionsKey, this.config.SESSION_TTL_SECONDS * 1000)
      .exec();
  }

  /**
   * Seeds the account, or resets its password to the configured one, but only an account it created
   * itself (the `is_demo` marker): a username or email that belongs to someone else stops start-up,
   * rather than handing that person's account to everyone. Idempotent; replicas may start together.
   */
  async onApplicationBootstrap() {
    if (!this.enabled) return;
    const { DEMO_USERNAME: username, DEMO_EMAIL: email, DEMO_PASSWORD: password } = this.config;
    const existing = await this.demoAccount();
    if (existing) {
      if (existing.passwordHash && (await verifyPassword(password, existing.passwordHash))) return;
      await this.db
        .update(tables.users)
        .set({ passwordHash: await hashPassword(password, this.config.PASSWORD_SCRYPT_LOG_N), updatedAt: new Date() })
        .where(eq(tables.users.id, existing.id));
      await this.shutOut(existing.id);
      this.logger.info({ username }, 'demo account password reset to the configured one; its sessions and API tokens ended');
      return;
    }
    const passwordHash = await hashPassword(password, this.config.PASSWORD_SCRYPT_LOG_N);
    await this.db.execute(sql`
      INSERT INTO users (username, email, name, password_hash, is_guest, is_demo) VALUES (${username}, ${email}, 'Demo User', ${passwordHash}, false, true)
      ON CONFLICT DO NOTHING`);
    if (!(await this.demoAccount())) throw new DemoAccountTaken(username, email);
    this.logger.info({ username }, 'demo account seeded');
  }

  /** Whoever knew the old password loses the account: its sessions end (their sockets close) and its tokens stop working. */
  private async shutOut(userId: number): Promise<void> {
    const ids = await this.redis.zrange(this.sessionsKey, 0, '-1');
    await this.sessions.endById(ids);
    await this.redis.del(this.sessionsKey);
    await this.sessions.endUser(userId);
    await revokeAllTokensOf(this.db, this.redis, this.config, userId);
  }

  /** The demo account, when the configured username and email both name the one it created; throws when either belongs to another. */
  private async demoAccount(): Promise<UserRow | null> {
    const { DEMO_USERNAME: username, DEMO_EMAIL: email } = this.config;
    const [byName, byEmail] = await Promise.all([this.users.findByLogin(username), this.users.findByLogin(email)]);
    for (const found of [byName, byEmail]) if (found && !found.isDemo) throw new DemoAccountTaken(username, email);
    if (byName && byEmail && byName.id !== byEmail.id) throw new DemoAccountTaken(username, email);
    return byName ?? byEmail ?? null;
  }
}

/** Start-up stops with this message: which settings to change, in the operator's words. */
export class DemoAccountTaken extends Error {
  constructor(username: string, email: string) {
    super(
      `The demo account is enabled, but the username "${username}" or the email "${email}" belongs to an account the demo feature did not create. ` +
        'It will not take over that account: set DEMO_USERNAME and DEMO_EMAIL to unused values, or DEMO_ACCOUNT_ENABLED=false.',
    );
    this.name = 'DemoAccountTaken';
  }
}
