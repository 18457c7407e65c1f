import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';

/** A row's actions menu (Edit, Delete) behind a labelled icon button. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Dropdown
      trigger={['click']}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the menu a person just opened takes the focus (WAI-ARIA menu button), so the arrow keys and Enter choose from it; without, the keyboard could not reach it
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
