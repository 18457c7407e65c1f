import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CONFIG, DB, REDIS, UserDirectory, type Database } from '@prd/kit';
import { GUEST_PREFIX, type InternalUser, type TokenPrincipal } from '@prd/proto';
import * as tables from '../db/schema.js';
import type { Config } from '../config.js';
import { AddressLimits } from '../security/address-limits.js';
import { TokensService } from '../tokens/tokens.service.js';
import { toInternalUser, UsersService } from './users.service.js';

export const newGuestUsername = () => `${GUEST_PREFIX}${randomBytes(6).toString('hex')}`;

/**
 * Identity is the directory: it answers from its own table instead of calling itself over HTTP.
 * Guest creation (docs/decisions/0005-users-guests-and-limits.md) is limited per client address, here and on the internal route alike.
 */
@Injectable()
export class LocalUserDirectory extends UserDirectory {
  private readonly users: UsersService;
  private readonly limits: AddressLimits;
  private readonly tokens: TokensService;

  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) config: Config,
  ) {
    super();
    this.users = new UsersService(db);
    this.limits = new AddressLimits(redis, config);
    this.tokens = new TokensService(db, redis, config);
  }

  resolveToken(token: string): Promise<TokenPrincipal | null> {
    return this.tokens.resolve(token);
  }

  async getUser(id: number): Promise<InternalUser | null> {
    const user = await this.users.findActive(id);
    return user ? toInternalUser(user) : null;
  }

  async createGuest(clientAddress: string): Promise<InternalUser> {
    await this.limits.guest(clientAddress);
    const [user] = await this.db.insert(tables.users).values({ username: newGuestUsername(), isGuest: true }).returning();
    return toInternalUser(user!);
  }
}
