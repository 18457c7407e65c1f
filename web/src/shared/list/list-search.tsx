import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import styles from './list.module.css';

/** The search box above a searchable table (documents, projects). */
export function ListSearch({ noun, value, onChange }: { noun: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className={styles.listToolbar}>
      <Input
        className={styles.listSearch}
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
