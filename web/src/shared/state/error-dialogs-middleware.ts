import { isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { ErrorCode } from '@prd/proto/error-codes';
import type { UsageKind } from '@prd/proto/limit-messages';
import { openSignUp, openUsageLimit } from './dialogs-slice';
import type { ApiError } from '../api/normalize-error';

const isApiError = (value: unknown): value is ApiError => typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

/** True when the error already opened a dialog (docs/product.md §8), so the caller shows no toast of its own. */
export const opensDialog = (error: unknown): boolean => isApiError(error) && (error.code === ErrorCode.LIMIT_EXCEEDED || error.code === ErrorCode.ACCOUNT_REQUIRED);

/** True for a LIMIT_EXCEEDED answer (docs/product.md §8), which some pages answer themselves. */
export const isLimitExceeded = (error: unknown): error is ApiError => isApiError(error) && error.code === ErrorCode.LIMIT_EXCEEDED;

/** The server's message of a failed call, for an 'Error' toast, else `fallback` (a network failure, a crash). */
export const errorMessage = (error: unknown, fallback = 'Something went wrong. Please try again.'): string => (isApiError(error) ? error.message : fallback);

/** Which allowance a LIMIT_EXCEEDED answer is about: its `limit` field (messages when a body lacks it). */
export const limitKindOf = (error: ApiError): UsageKind => error.limit ?? 'messages';

/**
 * docs/product.md §8 reactions to any failed call: LIMIT_EXCEEDED opens the usage-limit dialog for the
 * allowance it names; ACCOUNT_REQUIRED opens the
 * sign-up dialog with the server's texts.
 */
export const errorDialogsMiddleware: Middleware =
  ({ dispatch }) =>
  (next) =>
  (action) => {
    if (isRejectedWithValue(action)) {
      const dialog = dialogFor(action.payload);
      if (dialog) dispatch(dialog);
    }
    return next(action);
  };

/** The dialog a failed call opens, if any: also for calls made outside RTK Query (streamed replies, docs/decisions/0014-streaming-replies.md). */
export function dialogFor(error: unknown): UnknownAction | null {
  if (!isApiError(error)) return null;
  if (error.code === ErrorCode.LIMIT_EXCEEDED) return openUsageLimit(limitKindOf(error));
  if (error.code === ErrorCode.ACCOUNT_REQUIRED) return openSignUp({ reason: 'custom', title: error.message, description: error.description });
  return null;
}
