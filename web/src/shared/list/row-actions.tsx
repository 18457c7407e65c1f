import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';

/** A row's actions menu (Edit, Delete) behind a labelled icon button. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Dropdown
      trigger={['click']}
      // The menu takes the focus as it opens, so the arrow keys and Enter choose from it (without, the keyboard could not reach it).
      autoFocus
      menu={{
        items: [
          { key: 'edit', label: 'Edit' },
          { key: 'delete', label: 'Delete', danger: true },
        ],
        onClick: ({ key }) => (key === 'edit' ? onEdit() : onDelete()),
      }}
    >
      <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Actions for ${name}`} />
    </Dropdown>
  );
}
