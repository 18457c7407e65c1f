import { App } from 'antd';
import { useMemo } from 'react';

export interface Toast {
  success(title: string, description?: string): void;
  /** A destructive toast (SPEC §8): 'Error' with the server's message, and the like. */
  error(title: string, description?: string): void;
}

/**
 * SPEC §8 toasts through antd's notification API; the limits of SPEC §9 (one at a time, 5 s) are
 * set once in AppProviders. Errors are announced assertively, successes politely.
 */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description, role: 'status' }),
      error: (title, description) => notification.error({ title, description, role: 'alert' }),
    }),
    [notification],
  );
}
