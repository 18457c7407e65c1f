import type { ErrorBody, Usage } from '@prd/proto';
import { ErrorCode } from '@prd/proto/error-codes';
import { USAGE_KINDS, type UsageKind } from '@prd/proto/limit-messages';

/** What every failed call resolves to (docs/product.md §8). */
export interface ApiError {
  /** The HTTP status, or why no HTTP answer could be read. */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  /** The server's own message (status and code travel in their own fields). */
  message: string;
  code?: CarriedCode;
  description?: string;
  usage?: Usage;
  /** The allowance a LIMIT_EXCEEDED answer is about. */
  limit?: UsageKind;
}

/** The codes the client reacts to (limit dialogs, sign-up prompts); other codes are not carried. */
const CARRIED_CODES = [ErrorCode.LIMIT_EXCEEDED, ErrorCode.ACCOUNT_REQUIRED] as const;

type CarriedCode = (typeof CARRIED_CODES)[number];

const isCarriedCode = (code: unknown): code is CarriedCode => CARRIED_CODES.some((carried) => carried === code);

const isUsageKind = (value: unknown): value is UsageKind => USAGE_KINDS.some((kind) => kind === value);

const stringOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function parseJsonObject(text: string): Partial<Record<keyof ErrorBody, unknown>> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isUsage(value: unknown): value is Usage {
  if (typeof value !== 'object' || value === null) return false;
  const usage = value as Partial<Record<keyof Usage, unknown>>;
  return typeof usage.docs === 'number' && typeof usage.messages === 'number' && typeof usage.limits === 'object' && usage.limits !== null;
}

/**
 * Turns a non-OK answer into an ApiError (docs/product.md §8): limit and account codes keep their code,
 * description, usage and limit; other JSON bodies give their message; anything else its raw text.
 * The status stays in its own field: messages are never prefixed with it.
 */
export function normalizeError(status: number, statusText: string, rawText: string): ApiError {
  const body = parseJsonObject(rawText);
  if (!body) return { status, message: rawText || statusText };

  const message = stringOrUndefined(body.message);
  if (!isCarriedCode(body.code)) return { status, message: message ?? statusText };

  const error: ApiError = { status, code: body.code, message: message ?? body.code };
  const description = stringOrUndefined(body.description);
  if (description !== undefined) error.description = description;
  if (isUsage(body.usage)) error.usage = body.usage;
  if (isUsageKind(body.limit)) error.limit = body.limit;
  return error;
}
