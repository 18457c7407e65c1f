import { useEffect } from 'react';
import { api } from '../shared/api/api';
import { useAppDispatch } from '../shared/state/hooks';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

const pushUrl = (): string => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws-general`;

/**
 * The `/ws-general` push channel (docs/product.md §7): open while a user exists, reconnecting with exponential
 * backoff after a drop; a `usage_update` refetches the usage line, a `notification` the bell. Problems are only logged (docs/product.md §8).
 */
export function usePushChannel(userId: number | null): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (userId === null) return undefined;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(pushUrl());
      socket.addEventListener('open', () => {
        delay = FIRST_RETRY_MS;
        // Whatever changed while disconnected is fetched once now.
        dispatch(api.util.invalidateTags(['Usage', 'Notifications']));
      });
      socket.addEventListener('message', (event: MessageEvent<unknown>) => {
        try {
          const message: unknown = JSON.parse(String(event.data));
          if (typeof message === 'object' && message !== null && 'type' in message) {
            if (message.type === 'usage_update') dispatch(api.util.invalidateTags(['Usage']));
            // docs/decisions/0012-sharing-and-roles.md: a new notification refetches the bell's list and unread count.
            if (message.type === 'notification') dispatch(api.util.invalidateTags(['Notifications']));
          }
        } catch (cause) {
          console.warn('Ignored an unreadable push message', cause);
        }
      });
      socket.addEventListener('close', () => {
        if (stopped) return;
        retryTimer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [userId, dispatch]);
}
