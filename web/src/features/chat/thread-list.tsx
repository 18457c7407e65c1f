import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChatThread } from '@prd/proto';
import { Button } from 'antd';
import { relativeTime } from '../../shared/format/relative-time';

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
    <nav className="thread-list" aria-labelledby="thread-list-heading">
      <div className="thread-list-head">
        <h2 id="thread-list-heading">Conversations</h2>
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onNew}>
          New chat
        </Button>
      </div>
      {threads.length === 0 ? (
        <p className="thread-list-empty">{loading ? 'Loading conversations...' : 'No conversations yet'}</p>
      ) : (
        <ul className="thread-list-items">
          {threads.map((thread) => (
            <li key={thread.id} className={thread.id === activeId ? 'thread-item thread-item-active' : 'thread-item'}>
              <button type="button" className="list-item-button thread-open" aria-current={thread.id === activeId ? 'true' : undefined} onClick={() => onOpen(thread)}>
                <span className="thread-title">{thread.title}</span>
                <span className="thread-time">{relativeTime(thread.updatedAt)}</span>
              </button>
              <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`Rename ${thread.title}`} onClick={() => onRename(thread)} />
              <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${thread.title}`} onClick={() => onDelete(thread)} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
