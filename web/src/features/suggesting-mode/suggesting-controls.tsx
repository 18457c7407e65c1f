import { Button, Modal, Segmented } from 'antd';
import { useState } from 'react';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';
import type { EditMode, SuggestingMode } from './use-suggesting-mode';
import styles from './suggesting-mode.module.css';

const LABELS: Record<EditMode, string> = { editing: 'Editing', suggesting: 'Suggesting' };

/**
 * The Editing / Suggesting switch beside the save status: owners and editors choose, commenters only suggest (Editing shows,
 * disabled, so they see why their typing does not land), viewers see none. Leaving suggesting mode with changes not sent asks
 * to suggest or discard them.
 */
export function SuggestingSwitch({ suggesting }: { suggesting: SuggestingMode }) {
  const [asking, setAsking] = useState(false);
  const askingOpened = useOpenedOnce(asking);
  const { modes, mode, setMode, submit, discard, sending } = suggesting;
  if (modes.length === 0) return null;
  const change = (next: EditMode) => {
    if (!setMode(next)) setAsking(true);
  };
  const leave = async (send: boolean) => {
    if (send && !(await submit())) return;
    if (!send) discard();
    setAsking(false);
    setMode('editing');
  };
  return (
    <>
      <Segmented<EditMode>
        size="small"
        aria-label="Editing or suggesting"
        value={mode}
        onChange={change}
        options={(['editing', 'suggesting'] as const).map((value) => ({
          value,
          label: LABELS[value],
          disabled: !modes.includes(value),
          title: modes.includes(value) ? undefined : 'Only the owner and editors can edit: your typing becomes suggestions',
        }))}
      />
      {askingOpened && (
        <Modal
          open={asking}
          title="Suggest your changes first?"
          onCancel={() => setAsking(false)}
          footer={[
            <Button key="cancel" onClick={() => setAsking(false)}>
              Keep suggesting
            </Button>,
            <Button key="discard" danger disabled={sending} onClick={() => void leave(false)}>
              Discard
            </Button>,
            <Button key="send" type="primary" loading={sending} onClick={() => void leave(true)}>
              Suggest changes
            </Button>,
          ]}
        >
          <p>You typed changes in suggesting mode that are not sent yet. Suggest them for review, or discard them, before you edit.</p>
        </Modal>
      )}
    </>
  );
}

/** Above the text in suggesting mode: how many changes are typed, and sending or discarding them. */
export function SuggestingBar({ suggesting }: { suggesting: SuggestingMode }) {
  const { doc, changes, sending, submit, discard } = suggesting;
  if (!doc) return null;
  return (
    <div className={styles.bar} role="region" aria-label="Suggesting">
      <span role="status">
        Suggesting: {changes} change{changes === 1 ? '' : 's'}
      </span>
      <Button size="small" type="primary" disabled={changes === 0} loading={sending} onClick={() => void submit()}>
        Suggest changes
      </Button>
      <Button size="small" disabled={changes === 0 || sending} onClick={discard}>
        Discard
      </Button>
    </div>
  );
}
