import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@prd/kit';
import { IdentityClient, InternalCallError, type InternalCreateNotifications, type UserProfile } from '@prd/proto';
import type { Config } from '../config.js';

/** Other users as identity knows them (docs/decisions/0001-postgresql-instead-of-mongodb.md: identity owns users; content asks over docs/decisions/0003-internal-calls.md). */
@Injectable()
export class PeopleService {
  private readonly identity: IdentityClient;

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.identity = new IdentityClient({ baseUrl: config.IDENTITY_URL, token: config.INTERNAL_TOKEN });
  }

  /** A registered user by username or email, or null. */
  async findByLogin(login: string): Promise<UserProfile | null> {
    try {
      return await this.identity.lookUpUser(login);
    } catch (err) {
      if (err instanceof InternalCallError && err.status === 404) return null;
      throw err;
    }
  }

  /** The profiles of the users among `ids` who still exist, by id. */
  async profiles(ids: number[]): Promise<Map<number, UserProfile>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await this.identity.getProfiles(unique)).map((p) => [p.id, p]));
  }

  /** Tells people about others' work (docs/decisions/0012-sharing-and-roles.md); a failure is logged, never the failure of the work itself. */
  async notify(body: InternalCreateNotifications): Promise<void> {
    if (body.userIds.length === 0) return;
    try {
      await this.identity.notify(body);
    } catch (err) {
      this.logger.warn({ err, type: body.type }, 'could not send a notification');
    }
  }

  async profile(id: number): Promise<UserProfile | null> {
    return (await this.profiles([id])).get(id) ?? null;
  }
}
