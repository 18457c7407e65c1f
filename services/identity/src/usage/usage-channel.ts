import { USAGE_EVENTS_CHANNEL } from '@prd/proto';
import { rateLimitNamespace } from '@prd/kit';

/**
 * The Redis channel of one user's usage events (and notifications) in one deployment: only the identity replicas
 * holding that user's `/ws-general` sockets listen to it, while deployments (or test runs) sharing one Redis never
 * hear each other.
 */
export const usageChannel = (databaseUrl: string, userId: number) => `${USAGE_EVENTS_CHANNEL}:${rateLimitNamespace(databaseUrl)}:${userId}`;
