import { UploadOutlined } from '@ant-design/icons';
import { IMPORT_ACCEPT } from '@prd/proto';
import { Button, Progress } from 'antd';
import { useRef } from 'react';
import styles from './import.module.css';

interface Props {
  /** The running upload's progress (0 to 1), else null. */
  progress: number | null;
  onFiles: (files: File[]) => void;
  label?: string;
  type?: 'default' | 'primary';
}

/** "Import": picks Markdown, text, Word, HTML, PDF or zip files, and shows the upload's progress. */
export function ImportButton({ progress, onFiles, label = 'Import', type = 'default' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={IMPORT_ACCEPT}
        hidden
        aria-label="Files to import"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <Button type={type} icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()} loading={progress !== null}>
        {progress === null ? label : 'Importing...'}
      </Button>
      {progress !== null && <Progress percent={Math.round(progress * 100)} size="small" aria-label="Import progress" className={styles.progress} />}
    </>
  );
}
