import { useMemo } from 'react';
import { useNotificationApi } from './toast-provider';
import { toastStore } from './toast-store';

export interface Toast {
  success(title: string, description?: string): void;
  /** A destructive toast (docs/product.md §8): 'Error' with the server's message, and the like. */
  error(title: string, description?: string): void;
}

const keyOf = (title: string, description?: string) => `${title}\n${description ?? ''}`;

/**
 * docs/product.md §8 toasts through antd's notification API; the limits of docs/product.md §9 (one at a time, 5 s) are
 * set once in ToastProvider. Errors are announced assertively, successes politely.
 */
export function useToast(): Toast {
  const notification = useNotificationApi();
  return useMemo(
    () => ({
      // A repeated toast replaces the one showing (same key) instead of stacking while the old one fades out.
      success: (title, description) => {
        const key = keyOf(title, description);
        toastStore.add({ key, title, description, kind: 'success' });
        notification.success({ key, title, description, role: 'status', onClose: () => toastStore.dismiss(key) });
      },
      error: (title, description) => {
        const key = keyOf(title, description);
        toastStore.add({ key, title, description, kind: 'error' });
        notification.error({ key, title, description, role: 'alert', onClose: () => toastStore.dismiss(key) });
      },
    }),
    [notification],
  );
}
