import type { Usage, UsageKind } from '@prd/proto';
import type { Config } from '../config.js';

export type Tier = 'guest' | 'registered' | 'own-key';
export type Limits = Usage['limits'];

/**
 * The tier of a user: guests, registered users on the server's key, registered users with their own
 * key. A stored key counts only once the provider has accepted it: any string could be saved as a key.
 */
export function tierOf(user: { isGuest: boolean; openaiKeyEncrypted: string | null; openaiKeyVerifiedAt: Date | null } | null): Tier {
  if (!user || user.isGuest) return 'guest';
  return user.openaiKeyEncrypted && user.openaiKeyVerifiedAt ? 'own-key' : 'registered';
}

/** Monthly allowances of a tier (docs/decisions/0005-users-guests-and-limits.md); null is unlimited. */
export function limitsFor(
  tier: Tier,
  config: Pick<Config, 'GUEST_DOCS_LIMIT' | 'GUEST_MESSAGES_LIMIT' | 'USER_DOCS_LIMIT' | 'USER_MESSAGES_LIMIT' | 'OWN_KEY_MESSAGES_LIMIT'>,
): Limits {
  switch (tier) {
    case 'guest':
      return { docs: config.GUEST_DOCS_LIMIT, messages: config.GUEST_MESSAGES_LIMIT };
    case 'registered':
      return { docs: config.USER_DOCS_LIMIT, messages: config.USER_MESSAGES_LIMIT };
    case 'own-key':
      return { docs: config.USER_DOCS_LIMIT, messages: config.OWN_KEY_MESSAGES_LIMIT };
  }
}

export const limitOf = (limits: Limits, kind: UsageKind): number | null => limits[kind];

/** The calendar month (UTC) a moment belongs to, as 'YYYY-MM'. */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);
