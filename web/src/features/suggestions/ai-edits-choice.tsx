import type { AiEditMode } from '@prd/proto';
import { Select } from 'antd';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { useGetAiEditModeQuery, useSetAiEditModeMutation } from './suggestions-api';
import styles from './suggestions.module.css';

const OPTIONS: { value: AiEditMode; label: string }[] = [
  { value: 'apply', label: 'Apply AI edits directly' },
  { value: 'suggest', label: 'Suggest AI edits for review' },
];

/**
 * The document chat's choice (docs/decisions/0041-suggestions.md): the AI's edits land at once (the default), or become
 * suggestions to accept or reject. Kept by the server per user and document; the chat shows it to owners and editors only.
 */
export function AiEditsChoice({ documentId }: { documentId: number }) {
  const mode = useGetAiEditModeQuery(documentId, { refetchOnMountOrArgChange: true });
  const [setMode, setting] = useSetAiEditModeMutation();
  const toast = useToast();
  const choose = async (next: AiEditMode) => {
    try {
      await setMode({ documentId, mode: next }).unwrap();
    } catch (error) {
      toast.error('Could not change how AI edits land', errorMessage(error));
    }
  };
  return (
    <span className={styles.aiEdits}>
      <Select<AiEditMode>
        size="small"
        aria-label="AI edits"
        value={mode.data ?? 'apply'}
        loading={mode.isLoading || setting.isLoading}
        disabled={mode.isLoading || setting.isLoading}
        onChange={(next) => void choose(next)}
        options={OPTIONS}
        popupMatchSelectWidth={false}
      />
    </span>
  );
}
