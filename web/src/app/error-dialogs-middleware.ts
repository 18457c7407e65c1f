import { isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
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

/**
 * SPEC §8 reactions to any failed call: LIMIT_EXCEEDED opens the usage-limit dialog for the
 * allowance it names; ACCOUNT_REQUIRED opens the sign-up dialog with the server's texts.
 */
export const errorDialogsMiddleware: Middleware = ({ dispatch }) => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const dialog = dialogFor(action.payload);
    if (dialog) dispatch(dialog);
  }
  return next(action);
};

/** The dialog a failed call opens, if any: also for calls made outside RTK Query (streamed replies, D14). */
export function dialogFor(error: unknown): UnknownAction | null {
  if (!isApiError(error)) return null;
  if (error.code === 'LIMIT_EXCEEDED') return openUsageLimit(limitKindOf(error));
  if (error.code === 'ACCOUNT_REQUIRED') return openSignUp({ reason: 'custom', title: serverMessage(error), description: error.description });
  return null;
}
