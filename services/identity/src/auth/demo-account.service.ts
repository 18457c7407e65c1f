import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { CONFIG, DB, LOGGER, type Database } from '@prd/kit';
import type { DemoAccount } from '@prd/proto';
import * as tables from '../db/schema.js';
import { demoAccountEnabled, type Config } from '../config.js';
import { hashPassword, verifyPassword } from '../security/password.js';
import { UsersService } from '../users/users.service.js';

/** docs/decisions/0009-security.md: the quick-login test account of the auth screen, seeded at start-up when enabled. */
@Injectable()
export class DemoAccountService implements OnApplicationBootstrap {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly users: UsersService,
  ) {}

  get enabled(): boolean {
    return demoAccountEnabled(this.config);
  }

  /** The credentials the auth screen shows, or null when the demo account is off. */
  credentials(): DemoAccount | null {
    return this.enabled ? { username: this.config.DEMO_USERNAME, password: this.config.DEMO_PASSWORD } : null;
  }

  /** True for the demo account, which nobody may delete or attach a key to (it is shared by design). */
  isDemo(user: { username: string | null; isGuest: boolean }): boolean {
    return this.enabled && !user.isGuest && user.username?.toLowerCase() === this.config.DEMO_USERNAME.toLowerCase();
  }

  /** Idempotent, and safe with several replicas starting at once. */
  async onApplicationBootstrap() {
    if (!this.enabled) return;
    const { DEMO_USERNAME: username, DEMO_EMAIL: email, DEMO_PASSWORD: password } = this.config;
    const existing = await this.users.findByLogin(username);
    if (existing?.passwordHash && (await verifyPassword(password, existing.passwordHash))) return;
    const passwordHash = await hashPassword(password);
    if (existing) {
      await this.db
        .update(tables.users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(sql`${tables.users.id} = ${existing.id}`);
      this.logger.info({ username }, 'demo account password reset to the configured one');
      return;
    }
    await this.db.execute(sql`
      INSERT INTO users (username, email, name, password_hash, is_guest) VALUES (${username}, ${email}, 'Demo User', ${passwordHash}, false)
      ON CONFLICT DO NOTHING`);
    this.logger.info({ username }, 'demo account seeded');
  }
}
