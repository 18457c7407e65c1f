/**
 * The error codes of docs/product.md §8's bodies, and the one body every service answers while a dependency is
 * down. Zod-free, so the web client can use the values without bundling zod (errors.ts re-exports them).
 */
export const ErrorCode = {
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  ACCOUNT_REQUIRED: 'ACCOUNT_REQUIRED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CONFLICT: 'CONFLICT',
  /** 412: the `If-Match` version is not the document's (docs/decisions/0035-edits-merge.md). */
  VERSION_CONFLICT: 'VERSION_CONFLICT',
  /** 409: a suggestion's passage is no longer in the document; it can only be rejected (docs/decisions/0041-suggestions.md). */
  SUGGESTION_OUTDATED: 'SUGGESTION_OUTDATED',
  /** 409: a person's proposed suggestion quotes text that is not in the document (any more) (docs/decisions/0041-suggestions.md). */
  SUGGESTION_QUOTE_NOT_FOUND: 'SUGGESTION_QUOTE_NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** 503 body of a service whose database, Redis or peer service is unreachable for now (the gateway's own 503 says the same). */
export const SERVICE_UNAVAILABLE = {
  code: ErrorCode.UNAVAILABLE,
  message: 'Service temporarily unavailable, please retry shortly',
} as const;
