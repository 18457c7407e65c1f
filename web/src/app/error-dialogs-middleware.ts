import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import type { UsageKind } from '@prd/proto';
import { LIMIT_MESSAGES } from '@prd/proto/limit-messages';
import { openSignUp, openUsageLimit } from './dialogs-slice';
import type { ApiError } from './normalize-error';

const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

/** The server's own message, without the 'status:' prefix the client adds (SPEC §8). */
export const serverMessage = (error: ApiError): string => error.message.replace(/^\d{3}: /, '');

/** True when the error already opened a dialog (SPEC §8), so the caller shows no toast of its own. */
export const opensDialog = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'LIMIT_EXCEEDED' || error.code === 'ACCOUNT_REQUIRED');

/** The server's message of a failed call, for an 'Error' toast, else `fallback` (a network failure, a crash). */
export const errorMessage = (error: unknown, fallback = 'Something went wrong. Please try again.'): string =>
  isApiError(error) ? serverMessage(error) : fallback;

/** Which allowance an answer names: the services word LIMIT_EXCEEDED with LIMIT_MESSAGES[kind]. */
export function limitKindOf(error: ApiError): UsageKind {
  if (serverMessage(error) === LIMIT_MESSAGES.docs.message) return 'docs';
  if (serverMessage(error) === LIMIT_MESSAGES.messages.message) return 'messages';
  const { usage } = error;
  const docsFull = usage?.limits.docs != null && usage.docs >= usage.limits.docs;
  return docsFull ? 'docs' : 'messages';
}

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
    if (error.code === 'LIMIT_EXCEEDED' && !(endpoint && ANSWERS_LIMITS_ITSELF.has(endpoint))) dispatch(openUsageLimit(limitKindOf(error)));
    if (error.code === 'ACCOUNT_REQUIRED') {
      dispatch(openSignUp({ reason: 'custom', title: serverMessage(error), description: error.description }));
    }
  }
  return next(action);
};
