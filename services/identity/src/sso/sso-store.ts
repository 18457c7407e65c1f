import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { REDIS } from '@prd/kit';
import type { SsoTransaction } from './oidc-client.js';

/** A sign-in that found an existing account with the provider's verified email, waiting for that account's password. */
export interface PendingLink {
  issuer: string;
  subject: string;
  userId: number;
  email: string;
  callbackUrl: string | null;
}

/** Both live as long as a person may take on the provider's page or on the confirm form. */
export const SSO_STATE_TTL_SECONDS = 600;

const TRANSACTION = 'sso:transaction:';
const LINK = 'sso:link:';

/**
 * The short-lived state of sign-on in Redis, each under a random id that only the browser's HttpOnly cookie holds
 * (docs/decisions/0036-single-sign-on-openid-connect.md). A transaction is taken exactly once (GETDEL), so a replayed
 * callback finds nothing, whichever replica it reaches.
 */
@Injectable()
export class SsoStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  saveTransaction(transaction: SsoTransaction): Promise<string> {
    return this.save(TRANSACTION, transaction);
  }

  async takeTransaction(id: string): Promise<SsoTransaction | null> {
    return this.parse<SsoTransaction>(await this.redis.getdel(TRANSACTION + id));
  }

  savePendingLink(link: PendingLink): Promise<string> {
    return this.save(LINK, link);
  }

  async pendingLink(id: string): Promise<PendingLink | null> {
    return this.parse<PendingLink>(await this.redis.get(LINK + id));
  }

  /** True for the one caller that removed it: two confirmations racing link once. */
  async dropPendingLink(id: string): Promise<boolean> {
    return (await this.redis.del(LINK + id)) === 1;
  }

  private async save(prefix: string, value: object): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(prefix + id, JSON.stringify(value), 'EX', SSO_STATE_TTL_SECONDS);
    return id;
  }

  private parse<T>(raw: string | null): T | null {
    return raw === null ? null : (JSON.parse(raw) as T);
  }
}
