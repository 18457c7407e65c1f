import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DB, type Database } from '@prd/kit';
import type { CurrentUser, InternalUser, UserProfile } from '@prd/proto';
import * as tables from '../db/schema.js';

export type UserRow = typeof tables.users.$inferSelect;

export const toInternalUser = (u: UserRow): InternalUser => ({ id: u.id, username: u.username ?? '', isGuest: u.isGuest });

export const toUserProfile = (u: UserRow): UserProfile => ({ id: u.id, username: u.username ?? '', name: u.name });

/** The user's own fields (docs/product.md §3): never the password hash, never the key. */
export const toCurrentUser = (u: UserRow): CurrentUser => ({
  isAuthenticated: true,
  isAnonymous: false,
  id: u.id,
  username: u.username ?? '',
  email: u.email,
  name: u.name,
  firstName: u.firstName,
  lastName: u.lastName,
  isGuest: u.isGuest,
});

/** Reads of the users table; a deleted (anonymised) user is no user at all. */
@Injectable()
export class UsersService {
  /** `findActive`, the look-up of every internal call that names a user (a reply reads it twice): built once, parsed once per connection. */
  private readonly activeUser;

  constructor(@Inject(DB) private readonly db: Database<typeof tables>) {
    this.activeUser = db
      .select()
      .from(tables.users)
      .where(and(eq(tables.users.id, sql.placeholder('id')), isNull(tables.users.deletedAt)))
      .prepare('identity_active_user');
  }

  async findActive(id: number): Promise<UserRow | null> {
    const [user] = await this.activeUser.execute({ id });
    return user ?? null;
  }

  async findManyActive(ids: number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(tables.users)
      .where(and(inArray(tables.users.id, [...new Set(ids)]), isNull(tables.users.deletedAt)));
  }

  /** A registered user by username or email, case-insensitively. */
  async findByLogin(identifier: string): Promise<UserRow | null> {
    const value = identifier.trim().toLowerCase();
    const u = tables.users;
    const [user] = await this.db
      .select()
      .from(u)
      .where(and(isNull(u.deletedAt), eq(u.isGuest, false), or(eq(sql`lower(${u.username})`, value), eq(sql`lower(${u.email})`, value))))
      .limit(1);
    return user ?? null;
  }

  /** The registered user with this email, case-insensitively. */
  async findByEmail(email: string): Promise<UserRow | null> {
    const u = tables.users;
    const [user] = await this.db
      .select()
      .from(u)
      .where(and(isNull(u.deletedAt), eq(u.isGuest, false), eq(sql`lower(${u.email})`, email.trim().toLowerCase())))
      .limit(1);
    return user ?? null;
  }

  async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
    return this.taken(sql`lower(${tables.users.username}) = ${username.trim().toLowerCase()}`, exceptId);
  }

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    return this.taken(sql`lower(${tables.users.email}) = ${email.trim().toLowerCase()}`, exceptId);
  }

  private async taken(condition: ReturnType<typeof sql>, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: tables.users.id })
      .from(tables.users)
      .where(exceptId === undefined ? condition : and(condition, sql`${tables.users.id} <> ${exceptId}`))
      .limit(1);
    return rows.length > 0;
  }
}
