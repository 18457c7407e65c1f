// AppError alone, not all of kit (NestJS and the rest): this module runs on the conversion thread, which loads it at each start.
import { AppError } from '@prd/kit/errors';
import { ErrorCode } from '@prd/proto';

/** An import's refusals: 400 for unreadable input, 413 for too much, 415 for a type it does not take; each message names the file. */
export const invalidImport = (message: string) => new AppError(400, { code: ErrorCode.VALIDATION_FAILED, message });
export const importTooLarge = (message: string) => new AppError(413, { code: ErrorCode.VALIDATION_FAILED, message });
export const unsupportedImport = (message: string) => new AppError(415, { code: ErrorCode.VALIDATION_FAILED, message });
