import { USAGE_EVENTS_CHANNEL } from '@prd/proto';
import { rateLimitNamespace } from '@prd/kit';

/**
 * The Redis channel of one deployment's usage events: every identity replica shares its database
 * and so its channel, while deployments (or test runs) sharing one Redis never hear each other.
 */
export const usageChannel = (databaseUrl: string) => `${USAGE_EVENTS_CHANNEL}:${rateLimitNamespace(databaseUrl)}`;
