import { CloseOutlined, DiffOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';
import { ReviewList } from './review-list';
import { useGetSuggestionsQuery, type Decision } from './suggestions-api';
import { useDecide } from './use-decide';
import styles from './suggestions.module.css';

interface Props {
  documentId: number;
  /** Owners and editors decide; others read. */
  canDecide: boolean;
  /** The editor, to scroll to a suggestion's passage. */
  editor: Editor | null;
}

/** The page toolbar's "Review changes" (with the number of suggestions to decide) and its drawer (docs/decisions/0041-suggestions.md). */
export function ReviewChanges({ documentId, canDecide, editor }: Props) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const [busy, setBusy] = useState(false);
  const { data } = useGetSuggestionsQuery(documentId);
  const undecided = useMemo(() => (data ?? []).filter((s) => s.status === 'pending' || s.status === 'outdated'), [data]);
  const { decide } = useDecide(documentId);

  const decideOne = async (id: number, decision: Decision) => {
    setBusy(true);
    await decide(id, decision);
    setBusy(false);
  };

  // One at a time: each accept is a revision of the text the next one is located in. The first refusal stops the rest (its toast says why).
  const decideAll = async (decision: Decision) => {
    setBusy(true);
    for (const suggestion of undecided) {
      if (decision === 'accept' && suggestion.status !== 'pending') continue;
      if (!(await decide(suggestion.id, decision))) break;
    }
    setBusy(false);
  };

  const show = (id: number) => {
    const passage = editor?.view.dom.querySelector(`[data-suggestion-id="${id}"]`);
    passage?.scrollIntoView({ block: 'center' });
  };

  return (
    <>
      <Button icon={<DiffOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Review changes{undecided.length > 0 && <span className={styles.count}>{undecided.length}</span>}
      </Button>
      {opened && (
        <Drawer open={open} onClose={() => setOpen(false)} size={480} closable={false} aria-label="Review changes">
          <section aria-labelledby="review-heading">
            <header className={styles.head}>
              <h3 id="review-heading">Review changes</h3>
              <Button type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label="Close review" onClick={() => setOpen(false)} />
            </header>
            <ReviewList
              suggestions={undecided}
              canDecide={canDecide}
              busy={busy}
              onDecide={(id, d) => void decideOne(id, d)}
              onDecideAll={(d) => void decideAll(d)}
              onShow={show}
            />
          </section>
        </Drawer>
      )}
    </>
  );
}
