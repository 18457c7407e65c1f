import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DB, UserDirectory, type Database } from '@prd/kit';
import { GUEST_PREFIX, type InternalUser } from '@prd/proto';
import * as tables from '../db/schema.js';

const toInternal = (u: typeof tables.users.$inferSelect): InternalUser => ({ id: u.id, username: u.username ?? '', isGuest: u.isGuest });

/** Identity is the directory: it answers from its own table instead of calling itself over HTTP. */
@Injectable()
export class LocalUserDirectory extends UserDirectory {
  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {
    super();
  }

  async getUser(id: number): Promise<InternalUser | null> {
    const [user] = await this.db.select().from(tables.users).where(eq(tables.users.id, id));
    return user ? toInternal(user) : null;
  }

  async createGuest(): Promise<InternalUser> {
    const [user] = await this.db
      .insert(tables.users)
      .values({ username: `${GUEST_PREFIX}${randomBytes(6).toString('hex')}`, isGuest: true })
      .returning();
    return toInternal(user!);
  }
}
