import { SearchOutlined } from '@ant-design/icons';
import { Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useGetDocumentsQuery, useMoveDocumentToProjectMutation } from '../../shared/api/content-api';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import styles from './projects.module.css';

/**
 * Add Existing Document (docs/product.md §2): the user's documents not in this project, searchable by title
 * (case-insensitive); one is chosen and attached with the PATCH of docs/product.md §7.
 */
export function AddExistingDocumentDialog({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const { data: documents, isLoading } = useGetDocumentsQuery(undefined, { skip: !open });
  const [moveDocument, { isLoading: adding }] = useMoveDocumentToProjectMutation();
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const toast = useToast();
  const groupName = useId();

  const needle = query.trim().toLowerCase();
  const available = (documents ?? []).filter((d) => d.projectId !== projectId && d.title.toLowerCase().includes(needle));

  const close = () => {
    setQuery('');
    setSelectedId(null);
    onClose();
  };

  const add = async () => {
    // docs/product.md §5, §8: adding needs one selected document.
    if (selectedId === null) {
      toast.error('No document selected', 'Choose the document to add to this project.');
      return;
    }
    try {
      await moveDocument({ id: selectedId, projectId }).unwrap();
      toast.success('Document added', 'Document has been added to the project successfully');
      close();
    } catch (error) {
      toast.error('Error', errorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title="Add Existing Document"
      okText={adding ? 'Adding...' : 'Add to Project'}
      onOk={() => void add()}
      okButtonProps={{ disabled: available.length === 0, loading: adding }}
      destroyOnHidden
    >
      <Input
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search documents..."
        aria-label="Search documents"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        allowClear
      />
      {isLoading ? (
        <LoadingState text="Loading documents..." />
      ) : available.length === 0 ? (
        <p className={`${styles.addExistingList} ${styles.addExistingEmpty}`}>No documents available to add</p>
      ) : (
        <ul className={styles.addExistingList} aria-label="Documents">
          {available.map((document) => (
            <li key={document.id}>
              <label className={styles.addExistingOption}>
                <input type="radio" name={groupName} checked={selectedId === document.id} onChange={() => setSelectedId(document.id)} />
                <span className={styles.addExistingText}>
                  <span className={styles.addExistingTitle}>{document.title}</span>
                  <span className={styles.addExistingMeta}>Created {relativeTime(document.createdAt)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
