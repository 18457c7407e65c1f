import { CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import type { DocumentDto, Revision, RevisionSource } from '@prd/proto';
import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import { useGetRevisionsQuery, useRestoreRevisionMutation } from './document-editor-api';
import { ListItemButton } from '../../shared/ui/list-item-button';
import { DiffView, type DiffLayout } from './diff-view';
import styles from './history.module.css';

/** A revision holds the text a change replaced; its label names who made that change. */
const SOURCE_LABELS: Record<RevisionSource, string> = {
  user: 'Before your edit',
  ai: 'Before AI edit',
  flow: 'Before document flow',
  restore: 'Before restore',
};

/**
 * The document's History (beyond the spec): each revision is the text from before one change by the
 * user, the AI or the guided flow; it can be compared with the current text and restored.
 */
export function HistoryPanel({ document: doc, canRestore, onClose }: { document: DocumentDto; canRestore: boolean; onClose: () => void }) {
  const revisions = useGetRevisionsQuery(doc.id, { refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreRevisionMutation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [layout, setLayout] = useState<DiffLayout>('side-by-side');
  const toast = useToast();
  const list = revisions.data ?? [];
  const selected: Revision | undefined = list.find((revision) => revision.id === selectedId) ?? list[0];

  const restoreSelected = async () => {
    if (!selected) return;
    try {
      await restore({ id: doc.id, revisionId: selected.id }).unwrap();
      toast.success('Revision restored', 'The document has its earlier text back; the replaced text is in History.');
      setSelectedId(null);
    } catch (error) {
      toast.error('Restore failed', errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="history-heading">
      <header className={styles.head}>
        <h3 id="history-heading">History</h3>
        <Button type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label="Close history" onClick={onClose} />
      </header>
      {revisions.isLoading ? (
        <LoadingState text="Loading history..." visible />
      ) : revisions.isError ? (
        <p role="alert">Failed to load the history. Please try again.</p>
      ) : list.length === 0 ? (
        <p className={styles.empty}>No earlier versions yet. Every change by you, the AI or the guided flow will be listed here.</p>
      ) : (
        <div className={styles.body}>
          <ul className={styles.list} aria-label="Revisions">
            {list.map((revision) => (
              <li key={revision.id}>
                <ListItemButton
                  className={revision.id === selected?.id ? `${styles.item} ${styles.itemActive}` : styles.item}
                  aria-current={revision.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSelectedId(revision.id)}
                >
                  <span className={styles.source}>{SOURCE_LABELS[revision.source]}</span>
                  <span className={styles.time}>{relativeTime(revision.createdAt)}</span>
                </ListItemButton>
              </li>
            ))}
          </ul>
          {selected && (
            <div className={styles.detail}>
              <div className={styles.toolbar}>
                <Segmented<DiffLayout>
                  size="small"
                  value={layout}
                  onChange={setLayout}
                  options={[
                    { label: 'Side by side', value: 'side-by-side' },
                    { label: 'Inline', value: 'inline' },
                  ]}
                />
                {canRestore && (
                  <Button type="primary" icon={<RollbackOutlined aria-hidden />} loading={restoring.isLoading} onClick={() => void restoreSelected()}>
                    Restore this version
                  </Button>
                )}
              </div>
              <DiffView before={selected.content} after={doc.content} layout={layout} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
