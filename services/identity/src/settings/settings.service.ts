import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { DB, forbidden, keyFingerprint, type Database } from '@prd/kit';
import type { Settings } from '@prd/proto';
import * as tables from '../db/schema.js';
import { DemoAccountService } from '../auth/demo-account.service.js';
import { KeyCipher } from '../security/key-cipher.js';
import { UsageService } from '../usage/usage.service.js';
import { UsersService, type UserRow } from '../users/users.service.js';

/** The custom OpenAI key (docs/decisions/0006-ai-providers.md, docs/decisions/0009-security.md): stored encrypted, never returned, only said to exist. */
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

  /**
   * The AI worker reports the provider accepted a key; it is marked verified only if it is still the
   * stored key (same fingerprint), so a key replaced meanwhile stays unverified.
   */
  async markKeyVerified(userId: number, fingerprint: string): Promise<void> {
    const user = await this.users.findActive(userId);
    if (!user || user.isGuest || !user.openaiKeyEncrypted || user.openaiKeyVerifiedAt) return;
    if (keyFingerprint(this.cipher.decrypt(user.openaiKeyEncrypted, user.id)) !== fingerprint) return;
    const u = tables.users;
    await this.db
      .update(u)
      .set({ openaiKeyVerifiedAt: new Date() })
      .where(and(eq(u.id, user.id), eq(u.openaiKeyEncrypted, user.openaiKeyEncrypted), isNull(u.openaiKeyVerifiedAt)));
    await this.usage.announce(userId);
  }

  /** A new key starts unverified; the message limit depends on it, so open tabs refresh their usage line. */
  private async write(userId: number, encrypted: string | null): Promise<void> {
    await this.db.update(tables.users).set({ openaiKeyEncrypted: encrypted, openaiKeyVerifiedAt: null, updatedAt: new Date() }).where(eq(tables.users.id, userId));
    await this.usage.announce(userId);
  }
}
