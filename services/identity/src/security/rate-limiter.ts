import { ErrorCode } from '@prd/proto';
import { AppError } from '@prd/kit';

/** "30 seconds", "1 minute", "15 minutes", "2 hours". */
export function describeWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, seconds), 'second');
  if (seconds <= 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** 429 with a message that says when to retry. */
export function tooManyRequests(what: string, retryAfterSeconds: number): AppError {
  return new AppError(429, {
    code: ErrorCode.RATE_LIMITED,
    message: `${what} Please try again in ${describeWait(retryAfterSeconds)}.`,
  });
}

/** The namespace of a deployment: the name of its database, which all its replicas share. */
export function rateLimitNamespace(databaseUrl: string): string {
  return new URL(databaseUrl).pathname.replace(/^\//, '') || 'default';
}
