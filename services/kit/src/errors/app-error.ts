import { ErrorCode, SERVICE_UNAVAILABLE, VERSION_CONFLICT_MESSAGE, type ErrorBody } from '@prd/proto';

/** An error that becomes exactly this status and docs/product.md §8 body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Seconds after which a retry may succeed; sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
    /** Headers the answer carries besides the body (a 401's `WWW-Authenticate`). */
    readonly headers?: Record<string, string>,
  ) {
    super(body.message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, { code: ErrorCode.VALIDATION_FAILED, message, ...(fields ? { fields } : {}) });
export const unauthorized = (message = 'Authentication required') => new AppError(401, { code: ErrorCode.UNAUTHORIZED, message });
export const forbidden = (message = 'Forbidden') => new AppError(403, { code: ErrorCode.FORBIDDEN, message });
export const accountRequired = (message: string, description?: string) => new AppError(403, { code: ErrorCode.ACCOUNT_REQUIRED, message, ...(description ? { description } : {}) });
export const notFound = (message = 'Not found') => new AppError(404, { code: ErrorCode.NOT_FOUND, message });
export const conflict = (message: string) => new AppError(409, { code: ErrorCode.CONFLICT, message });
/** 412 VERSION_CONFLICT: the writer read another version than the current one (docs/decisions/0035-edits-merge.md). */
export const versionConflict = (currentVersion: number) => new AppError(412, { code: ErrorCode.VERSION_CONFLICT, message: VERSION_CONFLICT_MESSAGE, currentVersion });
export const unavailable = (message: string = SERVICE_UNAVAILABLE.message) => new AppError(503, { ...SERVICE_UNAVAILABLE, message });
/** 429 RATE_LIMITED with `Retry-After`: too many requests of one kind in a short time (not the monthly allowance). */
export const rateLimited = (message: string, retryAfterMs: number, description?: string) =>
  new AppError(429, { code: ErrorCode.RATE_LIMITED, message, ...(description ? { description } : {}) }, Math.max(1, Math.ceil(retryAfterMs / 1000)));
