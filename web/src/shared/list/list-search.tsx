import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/** The search box above a searchable table (documents, projects). */
export function ListSearch({ noun, value, onChange }: { noun: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="list-toolbar">
      <Input
        className="list-search"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={`Search ${noun}...`}
        aria-label={`Search ${noun}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        allowClear
      />
    </div>
  );
}
