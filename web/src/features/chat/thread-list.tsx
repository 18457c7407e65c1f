import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChatThread } from '@prd/proto';
import { Button } from 'antd';
import { relativeTime } from '../../shared/format/relative-time';
import { ListItemButton } from '../../shared/ui/list-item-button';
import styles from './chat.module.css';

interface Props {
  threads: ChatThread[];
  activeId: number | null;
  loading: boolean;
  onOpen: (thread: ChatThread) => void;
  onNew: () => void;
  onRename: (thread: ChatThread) => void;
  onDelete: (thread: ChatThread) => void;
}

/** The conversation list of /chat (docs/product.md §2): newest first, about 200 px tall, with new, rename and delete. */
export function ThreadList({ threads, activeId, loading, onOpen, onNew, onRename, onDelete }: Props) {
  return (
    <nav className={styles.threadList} aria-labelledby="thread-list-heading">
      <div className={styles.threadListHead}>
        <h2 id="thread-list-heading">Conversations</h2>
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onNew}>
          New chat
        </Button>
      </div>
      {threads.length === 0 ? (
        <p className={styles.threadListEmpty}>{loading ? 'Loading conversations...' : 'No conversations yet'}</p>
      ) : (
        <ul className={styles.threadListItems}>
          {threads.map((thread) => (
            <li key={thread.id} className={thread.id === activeId ? `${styles.threadItem} ${styles.threadItemActive}` : styles.threadItem}>
              <ListItemButton className={styles.threadOpen} aria-current={thread.id === activeId ? 'true' : undefined} onClick={() => onOpen(thread)}>
                <span className={styles.threadTitle}>{thread.title}</span>
                <span className={styles.threadTime}>{relativeTime(thread.updatedAt)}</span>
              </ListItemButton>
              <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`Rename ${thread.title}`} onClick={() => onRename(thread)} />
              <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${thread.title}`} onClick={() => onDelete(thread)} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
