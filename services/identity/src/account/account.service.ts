import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { CONFIG, DB, forbidden, notFound, SessionService, type Database, type Session } from '@prd/kit';
import type { AccountDeleteAnswer } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { RateLimiter, tooManyRequests } from '../security/rate-limiter.js';
import { newGuestUsername } from '../users/local-user-directory.js';
import { TokensService } from '../tokens/tokens.service.js';
import { UsersService } from '../users/users.service.js';

const HOUR = 3600;

/** Personal fields a deleted account no longer holds (docs/product.md §4). */
const ERASED = {
  username: null,
  email: null,
  name: null,
  firstName: null,
  lastName: null,
  passwordHash: null,
  openaiKeyEncrypted: null,
  openaiKeyVerifiedAt: null,
};

/** `DELETE /api/account`: anonymise a registered user, reset a guest (docs/product.md §4, §6). */
@Injectable()
export class AccountService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) private readonly config: Config,
    private readonly users: UsersService,
    private readonly demo: DemoAccountService,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionService,
    private readonly tokens: TokensService,
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
      // Its API tokens stop working at once, on every replica (docs/decisions/0015-programmatic-access.md).
      await this.tokens.revokeAllOf(user.id);
      // Sockets opened on the user's other devices close too, on every replica.
      await this.sessions.endUser(user.id);
      return { isGuest: false, newGuestId: null };
    }

    const limit = await this.limiter.hit('guests', address, this.config.GUESTS_PER_ADDRESS_PER_HOUR, HOUR);
    if (!limit.allowed) throw tooManyRequests('Too many guest sessions were started from your address.', limit.retryAfterSeconds);
    // A new guest identity (name, session) on the same user row: the guest's documents and chats stay
    // accessible (docs/product.md §5), and the month's usage stays counted, so a reset is no way round the limits (docs/decisions/0005-users-guests-and-limits.md).
    const [guest] = await this.db
      .update(tables.users)
      .set({ ...ERASED, username: newGuestUsername(), isGuest: true, updatedAt: new Date() })
      .where(and(eq(tables.users.id, user.id), isNull(tables.users.deletedAt)))
      .returning({ id: tables.users.id });
    if (!guest) throw notFound('User not found');
    session.regenerate();
    session.userId = guest.id;
    return { isGuest: true, newGuestId: guest.id };
  }
}
