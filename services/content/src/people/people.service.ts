import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@prd/kit';
import { IdentityClient, InternalCallError, type InternalCreateNotifications, type UserProfile } from '@prd/proto';
import type { Config } from '../config.js';

/**
 * How long a replica trusts a profile identity gave it (like kit's USER_RECHECK_MS for sessions).
 * Registered users cannot rename themselves, so in practice only a guest who signs up or resets (a new
 * username) or a deleted account shows its old profile, for at most this long, on each replica.
 */
export const PROFILE_RECHECK_MS = 30_000;
const REMEMBERED_PROFILES = 10_000;

/** Other users as identity knows them (docs/decisions/0001-postgresql-instead-of-mongodb.md: identity owns users; content asks over docs/decisions/0003-internal-calls.md). */
@Injectable()
export class PeopleService {
  private readonly identity: IdentityClient;
  /** User id → profile as identity last gave it, so lists of shared items skip a call per request; entries live PROFILE_RECHECK_MS. */
  private readonly remembered = new LRUCache<number, UserProfile>({ max: REMEMBERED_PROFILES, ttl: PROFILE_RECHECK_MS });

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

  /** The profiles of the users among `ids` who still exist, by id; identity is asked only for those not remembered. */
  async profiles(ids: number[]): Promise<Map<number, UserProfile>> {
    const found = new Map<number, UserProfile>();
    const unknown: number[] = [];
    for (const id of new Set(ids)) {
      const known = this.remembered.get(id);
      if (known) found.set(id, known);
      else unknown.push(id);
    }
    if (unknown.length === 0) return found;
    for (const profile of await this.identity.getProfiles(unknown)) {
      this.remembered.set(profile.id, profile);
      found.set(profile.id, profile);
    }
    return found;
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
