import { Alert } from 'antd';
import { useEffect } from 'react';
import { openUsageLimit } from '../../shared/state/dialogs-slice';
import { useAppDispatch } from '../../shared/state/hooks';
import { useCurrentUser } from '../../shared/user/use-current-user';
import { useUsage } from '../../shared/user/use-usage';
import styles from './chat.module.css';

/** The (user, count) the limit dialog last opened for: once per count, however many chats are on screen. */
let announced: string | null = null;

/**
 * docs/product.md §4 and §9: when a guest's message count reaches the limit minus 1, a warning shows and the
 * usage-limit dialog opens (once for each count reached, not on every visit of a chat).
 */
export function GuestMessageWarning() {
  const { user } = useCurrentUser();
  const usage = useUsage();
  const dispatch = useAppDispatch();
  const limit = usage?.limits.messages ?? null;
  const used = usage?.messages ?? 0;
  const near = Boolean(user?.isGuest) && limit !== null && used >= limit - 1;
  const key = near && user ? `${user.id}:${used}` : null;

  useEffect(() => {
    if (key === null || announced === key) return;
    announced = key;
    dispatch(openUsageLimit('messages'));
  }, [key, dispatch]);

  if (!near || limit === null) return null;
  const left = Math.max(0, limit - used);
  return (
    <Alert
      className={styles.chatLimitWarning}
      type="warning"
      showIcon
      title={left === 0 ? "You've used all your messages this month" : `You have ${left} message${left === 1 ? '' : 's'} left this month`}
      description="Sign up to continue your conversation and save your work."
    />
  );
}
