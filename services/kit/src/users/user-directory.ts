import { Inject, Injectable } from '@nestjs/common';
import { IdentityClient, InternalCallError, type InternalUser, type TokenPrincipal } from '@prd/proto';
import { CONFIG } from '../config/config.tokens.js';
import type { BaseConfig } from '../config/config.js';

/** Where a service looks users up and creates guests: identity's internal routes, or identity itself. */
export abstract class UserDirectory {
  abstract getUser(id: number): Promise<InternalUser | null>;
  abstract createGuest(clientAddress: string): Promise<InternalUser>;
  /** What a personal access token stands for; null when it is unknown, revoked or expired. */
  abstract resolveToken(token: string): Promise<TokenPrincipal | null>;
}

/** The directory of every service but identity: identity's internal HTTP routes (docs/decisions/0003-internal-calls.md). */
@Injectable()
export class HttpUserDirectory extends UserDirectory {
  private readonly client?: IdentityClient;

  constructor(@Inject(CONFIG) config: BaseConfig & { IDENTITY_URL?: string; INTERNAL_TOKEN?: string }) {
    super();
    // Services that look users up declare IDENTITY_URL and their INTERNAL_TOKEN in their configuration schema, so both are checked at start-up.
    if (config.IDENTITY_URL && config.INTERNAL_TOKEN) this.client = new IdentityClient({ baseUrl: config.IDENTITY_URL, token: config.INTERNAL_TOKEN });
  }

  private get identity(): IdentityClient {
    if (!this.client) throw new Error('IDENTITY_URL is not configured for this service');
    return this.client;
  }

  async getUser(id: number): Promise<InternalUser | null> {
    try {
      return await this.identity.getUser(id);
    } catch (err) {
      if (err instanceof InternalCallError && err.status === 404) return null;
      throw err;
    }
  }

  createGuest(clientAddress: string): Promise<InternalUser> {
    return this.identity.createGuest(clientAddress);
  }

  async resolveToken(token: string): Promise<TokenPrincipal | null> {
    try {
      return await this.identity.resolveToken(token);
    } catch (err) {
      if (err instanceof InternalCallError && err.status === 404) return null;
      throw err;
    }
  }
}
