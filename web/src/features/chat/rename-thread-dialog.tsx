import type { ChatThread } from '@prd/proto';
import { Input, Modal } from 'antd';
import { useId, useState } from 'react';
import dialog from '../../shared/ui/dialog.module.css';

interface Props {
  thread: ChatThread | null;
  saving: boolean;
  onSave: (title: string) => void;
  onClose: () => void;
}

/** Renames a conversation; a blank title becomes 'New conversation' on the server (docs/product.md §5). */
export function RenameThreadDialog({ thread, saving, onSave, onClose }: Props) {
  const [title, setTitle] = useState('');
  const [shownFor, setShownFor] = useState<number | null>(null);
  const inputId = useId();
  if (thread && thread.id !== shownFor) {
    setShownFor(thread.id);
    setTitle(thread.title);
  }
  return (
    <Modal
      open={thread !== null}
      title="Rename conversation"
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => onSave(title)}
      onCancel={onClose}
      afterClose={() => setShownFor(null)}
      destroyOnHidden
    >
      <div className={dialog.field}>
        <label htmlFor={inputId}>Title</label>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus to its only field (WAI-ARIA dialog pattern) */}
        <Input id={inputId} value={title} maxLength={200} autoFocus onChange={(event) => setTitle(event.target.value)} onPressEnter={() => onSave(title)} />
      </div>
    </Modal>
  );
}
