import type { Notification } from '@prd/proto';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { relativeTime } from '../../shared/format/relative-time';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './notifications-api';
import styles from './notifications.module.css';

function describe(n: Notification): string {
  switch (n.type) {
    case 'shared':
      return `${n.actorName} shared “${n.title}” with you`;
    case 'comment':
      return `${n.actorName} commented on “${n.title}”`;
    case 'reply':
      return `${n.actorName} replied in “${n.title}”`;
    case 'mention':
      return `${n.actorName} mentioned you in “${n.title}”`;
  }
}

/** The notification list: newest first; a click marks one read and opens its document or project. */
export function NotificationList({ besideSidebar, onClose }: { besideSidebar: boolean; onClose: () => void }) {
  const { data } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  const navigate = useNavigate();

  const open = (n: Notification) => {
    if (!n.read) void markRead({ ids: [n.id] });
    onClose();
    // A comment's notification opens the document on that comment.
    if (n.documentId !== null) void navigate(n.commentId !== null ? `/documents/${n.documentId}?comment=${n.commentId}` : `/documents/${n.documentId}`);
    else if (n.projectId !== null) void navigate(`/projects/${n.projectId}`);
  };

  return (
    <div className={besideSidebar ? `${styles.notificationPanel} ${styles.notificationPanelBesideSidebar}` : styles.notificationPanel} role="dialog" aria-label="Notifications">
      <div className={styles.notificationPanelHead}>
        <strong>Notifications</strong>
        <Button size="small" type="link" disabled={!data?.unread} onClick={() => void markRead({ all: true })}>
          Mark all as read
        </Button>
      </div>
      {!data?.items.length ? (
        <p>Nothing yet.</p>
      ) : (
        <ul className={styles.notificationItems}>
          {data.items.map((n) => (
            <li key={n.id}>
              <button type="button" className={n.read ? styles.notificationItem : `${styles.notificationItem} ${styles.unread}`} onClick={() => open(n)}>
                <span>{describe(n)}</span>
                <span>{relativeTime(n.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
