import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { CONFIG, DB, forbidden, notFound, type Database, type Session } from '@prd/kit';
import type { AccountDeleteAnswer } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { RateLimiter, tooManyRequests } from '../security/rate-limiter.js';
import { UsageService } from '../usage/usage.service.js';
import { newGuestUsername } from '../users/local-user-directory.js';
import { usageAccountOf, UsersService } from '../users/users.service.js';

const HOUR = 3600;

/** Personal fields a deleted account no longer holds (SPEC §4). */
const ERASED = {
  username: null,
  email: null,
  name: null,
  firstName: null,
  lastName: null,
  passwordHash: null,
  openaiKeyEncrypted: null,
};

/** `DELETE /api/account`: anonymise a registered user, reset a guest (SPEC §4, §6). */
@Injectable()
export class AccountService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) private readonly config: Config,
    private readonly users: UsersService,
    private readonly usage: UsageService,
    private readonly demo: DemoAccountService,
    private readonly limiter: RateLimiter,
  ) {}

  async delete(userId: number, session: Session, address: string): Promise<AccountDeleteAnswer> {
    const user = await this.users.findActive(userId);
    if (!user) throw notFound('User not found');
    if (!user.isGuest) {
      if (this.demo.isDemo(user)) throw forbidden('The shared demo account cannot be deleted');
      await this.db
        .update(tables.users)
        .set({ ...ERASED, deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(tables.users.id, user.id));
      session.destroy();
      return { isGuest: false, newGuestId: null };
    }

    const limit = await this.limiter.hit('guests', address, this.config.GUESTS_PER_ADDRESS_PER_HOUR, HOUR);
    if (!limit.allowed) throw tooManyRequests('Too many guest sessions were started from your address.', limit.retryAfterSeconds);
    // The new guest spends the old one's allowance: resetting is no way round the monthly limits (D5).
    const fresh = await this.db.transaction(async (tx) => {
      const [replaced] = await tx
        .update(tables.users)
        .set({ ...ERASED, deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(tables.users.id, user.id), isNull(tables.users.deletedAt)))
        .returning({ id: tables.users.id });
      if (!replaced) throw notFound('User not found');
      const [guest] = await tx
        .insert(tables.users)
        .values({ username: newGuestUsername(), isGuest: true, usageAccountId: usageAccountOf(user) })
        .returning();
      return guest!;
    });
    session.regenerate();
    session.userId = fresh.id;
    await this.usage.announce(fresh.id);
    return { isGuest: true, newGuestId: fresh.id };
  }
}
