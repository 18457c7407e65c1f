import type { ErrorBody, ErrorCode, Usage } from '@prd/proto';

/** What every failed call resolves to (SPEC §8). */
export interface ApiError {
  /** The HTTP status, or why no HTTP answer could be read. */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  message: string;
  code?: CarriedCode;
  description?: string;
  usage?: Usage;
}

/**
 * The codes the client reacts to (limit dialogs, sign-up prompts); other codes are not carried.
 * Spelled out, checked against proto's ErrorCode: importing its value would bundle zod with it.
 */
const CARRIED_CODES = ['LIMIT_EXCEEDED', 'ACCOUNT_REQUIRED'] as const satisfies readonly ErrorCode[];

type CarriedCode = (typeof CARRIED_CODES)[number];

const isCarriedCode = (code: unknown): code is CarriedCode => CARRIED_CODES.some((carried) => carried === code);

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
 * Turns a non-OK answer into an ApiError exactly as SPEC §8 words it: limit and account codes keep
 * their code, description and usage; other JSON bodies give their message; anything else its raw text.
 */
export function normalizeError(status: number, statusText: string, rawText: string): ApiError {
  const body = parseJsonObject(rawText);
  if (!body) return { status, message: `${status}: ${rawText || statusText}` };

  const message = stringOrUndefined(body.message);
  if (!isCarriedCode(body.code)) return { status, message: `${status}: ${message ?? statusText}` };

  const error: ApiError = { status, code: body.code, message: `${status}: ${message ?? body.code}` };
  const description = stringOrUndefined(body.description);
  if (description !== undefined) error.description = description;
  if (isUsage(body.usage)) error.usage = body.usage;
  return error;
}
