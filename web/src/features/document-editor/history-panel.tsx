import { CloseOutlined, RollbackOutlined, TagOutlined } from '@ant-design/icons';
import type { DocumentDto, Revision, RevisionAuthor, RevisionSource } from '@prd/proto';
import { Button, Input, Segmented, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { LoadingState } from '../../shared/ui/loading-state';
import { relativeTime } from '../../shared/format/relative-time';
import { useToast } from '../../shared/toast/toast';
import { useGetRevisionsQuery, useNameRevisionMutation, useRestoreRevisionMutation } from './document-editor-api';
import type { LiveDocument } from './live-document';
import { useLiveText } from './use-live-document';
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

const personName = (person: { name: string | null; username: string }) => person.name || person.username || 'a deleted account';

/**
 * Who wrote a revision's text (docs/decisions/0018-revisions.md): people, the AI for whoever asked, or an API token; for an
 * accepted suggestion (docs/decisions/0041-suggestions.md) also who accepted it.
 */
export function authorLabel(author: RevisionAuthor | null): string | null {
  if (!author) return null;
  const people = author.users.map(personName).join(', ');
  const accepted = author.acceptedBy ? `, accepted by ${personName(author.acceptedBy)}` : '';
  if (author.kind === 'ai') return `AI, asked by ${people}${accepted}`;
  if (author.kind === 'token') return `${people} via token “${author.token ?? ''}”${accepted}`;
  return `${people}${accepted}`;
}

const revisionLabel = (revision: Revision) => revision.name ?? SOURCE_LABELS[revision.source];

interface Props {
  document: DocumentDto;
  /** The live document while the panel is shown: "Current" is its text as it changes (the stored text without it). */
  live: LiveDocument | null;
  canRestore: boolean;
  onClose: () => void;
}

/**
 * The document's History (beyond the spec): each revision is the text from before one change by the
 * user, the AI or the guided flow, with who wrote it; named versions come first. A revision can be
 * compared with the current text or any other revision, named, and restored.
 */
export function HistoryPanel({ document: doc, live, canRestore, onClose }: Props) {
  const current = useLiveText(live, doc.content);
  const revisions = useGetRevisionsQuery(doc.id, { refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreRevisionMutation();
  const [nameRevision, naming] = useNameRevisionMutation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [compareWith, setCompareWith] = useState<number | 'current'>('current');
  const [draftName, setDraftName] = useState<string | null>(null);
  const [layout, setLayout] = useState<DiffLayout>('side-by-side');
  const toast = useToast();
  const list = revisions.data ?? [];
  const selected: Revision | undefined = list.find((revision) => revision.id === selectedId) ?? list[0];
  const other = compareWith === 'current' ? undefined : list.find((revision) => revision.id === compareWith);

  const saveName = async (name: string | null) => {
    if (!selected) return;
    try {
      await nameRevision({ id: doc.id, revisionId: selected.id, name }).unwrap();
      setDraftName(null);
    } catch (error) {
      toast.error('Naming failed', errorMessage(error));
    }
  };

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
                  onClick={() => {
                    setSelectedId(revision.id);
                    setDraftName(null);
                  }}
                >
                  <span className={styles.source}>{revisionLabel(revision)}</span>
                  {authorLabel(revision.author) && <span className={styles.time}>by {authorLabel(revision.author)}</span>}
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
                <Select<number | 'current'>
                  size="small"
                  aria-label="Compare with"
                  value={other ? other.id : 'current'}
                  onChange={setCompareWith}
                  options={[
                    { label: 'Compare with the current text', value: 'current' },
                    ...list
                      .filter((revision) => revision.id !== selected.id)
                      .map((revision) => ({ label: `Compare with ${revisionLabel(revision)}, ${relativeTime(revision.createdAt)}`, value: revision.id })),
                  ]}
                />
                {canRestore &&
                  (draftName === null ? (
                    <Button icon={<TagOutlined aria-hidden />} onClick={() => (selected.name ? void saveName(null) : setDraftName(''))} loading={naming.isLoading}>
                      {selected.name ? 'Remove name' : 'Name this version'}
                    </Button>
                  ) : (
                    <Input.Search
                      size="small"
                      aria-label="Version name"
                      placeholder="v1.0 signed off"
                      enterButton="Save name"
                      maxLength={100}
                      value={draftName}
                      onChange={(event) => setDraftName(event.target.value)}
                      onSearch={(value) => void saveName(value)}
                    />
                  ))}
                {canRestore && (
                  <Button type="primary" icon={<RollbackOutlined aria-hidden />} loading={restoring.isLoading} onClick={() => void restoreSelected()}>
                    Restore this version
                  </Button>
                )}
              </div>
              <DiffView before={selected.content} after={other ? other.content : current} layout={layout} {...(other ? { afterLabel: revisionLabel(other) } : {})} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
