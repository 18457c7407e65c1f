import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { ErrorCode } from '@prd/proto/error-codes';
import type { UsageKind } from '@prd/proto/limit-messages';
import { openSignUp, openUsageLimit } from './dialogs-slice';
import type { ApiError } from './normalize-error';

const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

/** True when the error already opened a dialog (SPEC §8), so the caller shows no toast of its own. */
export const opensDialog = (error: unknown): boolean =>
  isApiError(error) && (error.code === ErrorCode.LIMIT_EXCEEDED || error.code === ErrorCode.ACCOUNT_REQUIRED);

/** The server's message of a failed call, for an 'Error' toast, else `fallback` (a network failure, a crash). */
export const errorMessage = (error: unknown, fallback = 'Something went wrong. Please try again.'): string =>
  isApiError(error) ? error.message : fallback;

/** Which allowance a LIMIT_EXCEEDED answer is about: its `limit` field (messages when a body lacks it). */
export const limitKindOf = (error: ApiError): UsageKind => error.limit ?? 'messages';

/** Calls whose page answers a limit itself (SPEC §8: the document flow shows guests a toast instead of the dialog). */
const ANSWERS_LIMITS_ITSELF = new Set(['startDocumentFlow', 'sendDocumentFlowMessage']);

const endpointOf = (action: { meta?: unknown }): string | undefined => {
  const { meta } = action;
  if (typeof meta !== 'object' || meta === null || !('arg' in meta)) return undefined;
  const { arg } = meta;
  return typeof arg === 'object' && arg !== null && 'endpointName' in arg && typeof arg.endpointName === 'string' ? arg.endpointName : undefined;
};

/**
 * SPEC §8 reactions to any failed call: LIMIT_EXCEEDED opens the usage-limit dialog for the
 * allowance it names (unless the calling page answers it itself); ACCOUNT_REQUIRED opens the
 * sign-up dialog with the server's texts.
 */
export const errorDialogsMiddleware: Middleware = ({ dispatch }) => (next) => (action) => {
  if (isRejectedWithValue(action) && isApiError(action.payload)) {
    const error = action.payload;
    const endpoint = endpointOf(action);
    if (error.code === ErrorCode.LIMIT_EXCEEDED && !(endpoint && ANSWERS_LIMITS_ITSELF.has(endpoint))) dispatch(openUsageLimit(limitKindOf(error)));
    if (error.code === ErrorCode.ACCOUNT_REQUIRED) {
      dispatch(openSignUp({ reason: 'custom', title: error.message, description: error.description }));
    }
  }
  return next(action);
};
