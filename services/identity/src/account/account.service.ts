import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { DB, forbidden, notFound, SessionService, type Database } from '@prd/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountDeleteAnswer } from '@prd/proto';
import * as tables from '../db/schema.js';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { AddressLimits } from '../security/address-limits.js';
import { newGuestUsername } from '../users/local-user-directory.js';
import { UsersService } from '../users/users.service.js';

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
    private readonly users: UsersService,
    private readonly demo: DemoAccountService,
    private readonly limits: AddressLimits,
    private readonly sessions: SessionService,
  ) {}

  async delete(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<AccountDeleteAnswer> {
    const user = await this.users.findActive(userId);
    if (!user) throw notFound('User not found');
    if (!user.isGuest) {
      if (this.demo.isDemo(user)) throw forbidden('The shared demo account cannot be deleted');
      await this.db
        .update(tables.users)
        .set({ ...ERASED, deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(tables.users.id, user.id));
      await this.sessions.end(request, reply);
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
