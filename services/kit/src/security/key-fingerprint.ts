import { createHash } from 'node:crypto';

/**
 * A short one-way name of an API key: identity and the AI worker name the same stored key by it
 * (a verified key is that exact key), and rate-limit buckets are keyed by it, so no key is written
 * anywhere but in identity's encrypted column.
 */
export const keyFingerprint = (apiKey: string): string => createHash('sha256').update(apiKey).digest('base64url').slice(0, 22);
