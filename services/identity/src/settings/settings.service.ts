import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DB, forbidden, type Database } from '@prd/kit';
import type { Settings } from '@prd/proto';
import * as tables from '../db/schema.js';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { KeyCipher } from '../security/key-cipher.js';
import { UsageService } from '../usage/usage.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';

/** The custom OpenAI key (D6, D9): stored encrypted, never returned, only said to exist. */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(DB) private readonly db: Database<typeof tables>,
    private readonly users: UsersService,
    private readonly cipher: KeyCipher,
    private readonly usage: UsageService,
    private readonly demo: DemoAccountService,
  ) {}

  async settingsOf(userId: number | null): Promise<Settings> {
    const user = userId === null ? null : await this.users.findActive(userId);
    return { hasCustomOpenaiKey: Boolean(user && !user.isGuest && user.openaiKeyEncrypted) };
  }

  async storeKey(userId: number, apiKey: string): Promise<Settings> {
    const user = await this.registered(userId);
    if (this.demo.isDemo(user)) throw forbidden('The shared demo account cannot store an API key');
    await this.write(user.id, this.cipher.encrypt(apiKey, user.id));
    return { hasCustomOpenaiKey: true };
  }

  async clearKey(userId: number): Promise<Settings> {
    const user = await this.registered(userId);
    await this.write(user.id, null);
    return { hasCustomOpenaiKey: false };
  }

  private async registered(userId: number): Promise<UserRow> {
    const user = await this.users.findActive(userId);
    if (!user || user.isGuest) throw forbidden();
    return user;
  }

  /** The message limit depends on having a key, so open tabs refresh their usage line. */
  private async write(userId: number, encrypted: string | null): Promise<void> {
    await this.db.update(tables.users).set({ openaiKeyEncrypted: encrypted, updatedAt: new Date() }).where(eq(tables.users.id, userId));
    await this.usage.announce(userId);
  }
}
