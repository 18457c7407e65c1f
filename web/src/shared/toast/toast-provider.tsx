import { TOAST_DURATION_MS, TOAST_LIMIT } from '../ui-constants';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, useContext, type ReactNode } from 'react';

/** docs/product.md §9: one toast at a time, shown for 5 seconds, bottom right. */
const TOASTS = { maxCount: TOAST_LIMIT, duration: TOAST_DURATION_MS / 1000, placement: 'bottomRight' } as const;

const NotificationContext = createContext<NotificationInstance | null>(null);

/**
 * antd's notification API for the whole app, on its own rather than through antd's App: App also brings the
 * message and modal hooks into the entry chunk, and only three lazily loaded pages confirm with a modal.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification(TOASTS);
  return (
    <NotificationContext value={api}>
      {holder}
      {children}
    </NotificationContext>
  );
}

export function useNotificationApi(): NotificationInstance {
  const api = useContext(NotificationContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
