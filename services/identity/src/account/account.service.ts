import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG, DB, forbidden, LOGGER, notFound, SessionService, unavailable, type Database } from '@prd/kit';
import { ContentClient, type AccountDeleteAnswer } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { AddressLimits } from '../security/address-limits.js';
import { newGuestUsername } from '../users/local-user-directory.js';
import { TokensService } from '../tokens/tokens.service.js';
import { UsersService } from '../users/users.service.js';

const ACCOUNT_NOT_DELETED = 'Your account could not be deleted right now. Please try again in a moment.';

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
  private readonly content: ContentClient;

  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(CONFIG) config: Config,
    private readonly users: UsersService,
    private readonly demo: DemoAccountService,
    private readonly limits: AddressLimits,
    private readonly sessions: SessionService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tokens: TokensService,
  ) {
    this.content = new ContentClient({ baseUrl: config.CONTENT_URL, token: config.INTERNAL_TOKEN });
  }

  async delete(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<AccountDeleteAnswer> {
    const user = await this.users.findActive(userId);
    if (!user) throw notFound('User not found');
    if (!user.isGuest) {
      if (this.demo.isDemo(user)) throw forbidden('The shared demo account cannot be deleted');
      // First what others could still reach through the account (grants, share links), so a failure
      // leaves the account whole and the user can simply try again.
      await this.content.eraseUser(user.id).catch((err: unknown) => {
        this.logger.error({ err, userId: user.id }, 'content could not erase a deleted account');
        throw unavailable(ACCOUNT_NOT_DELETED);
      });
      await this.db.delete(tables.notifications).where(eq(tables.notifications.userId, user.id));
      // Its sign-on identities: signing in with one again creates a new user, never this erased one.
      await this.db.delete(tables.oidcLinks).where(eq(tables.oidcLinks.userId, user.id));
      await this.db
        .update(tables.users)
        .set({ ...ERASED, deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(tables.users.id, user.id));
      await this.sessions.end(request, reply);
      // Its API tokens stop working at once, on every replica (docs/decisions/0015-programmatic-access.md).
      await this.tokens.revokeAllOf(user.id);
      // Sockets opened on the user's other devices close too, on every replica.
      await this.sessions.endUser(user.id);
      return { isGuest: false, newGuestId: null };
    }

    await this.limits.guest(request.ip);
    // A new guest identity (name, session) on the same user row: the guest's documents and chats stay
    // accessible (docs/product.md §5), and the month's usage stays counted, so a reset is no way round the limits (docs/decisions/0005-users-guests-and-limits.md).
    const [guest] = await this.db
      .update(tables.users)
      .set({ ...ERASED, username: newGuestUsername(), isGuest: true, updatedAt: new Date() })
      .where(and(eq(tables.users.id, user.id), isNull(tables.users.deletedAt)))
      .returning({ id: tables.users.id });
    if (!guest) throw notFound('User not found');
    await this.sessions.bind(request, guest.id);
    return { isGuest: true, newGuestId: guest.id };
  }
}
