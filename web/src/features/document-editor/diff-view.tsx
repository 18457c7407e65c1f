import { useMemo } from 'react';
import { diffLines, diffStats, sideBySide, type DiffLine } from '@prd/proto/text-diff';
import styles from './history.module.css';

export type DiffLayout = 'side-by-side' | 'inline';

const MARKS = { same: ' ', removed: '−', added: '+' } as const;
const NAMES = { same: 'unchanged', removed: 'removed', added: 'added' } as const;
const KIND_CLASSES: Record<DiffLine['kind'], string | undefined> = { same: undefined, removed: styles.removed, added: styles.added };
const classes = (...names: (string | undefined)[]): string => names.filter(Boolean).join(' ');

function Cell({ line }: { line: DiffLine | null }) {
  if (!line) return <td className={styles.diffCell} />;
  return (
    <td className={classes(styles.diffCell, KIND_CLASSES[line.kind])}>
      <span className="visually-hidden">{NAMES[line.kind]}: </span>
      {line.text || ' '}
    </td>
  );
}

const CURRENT = 'Current text';

/** The changes from a revision (`before`) to another version (`after`, the current text unless `afterLabel` says otherwise), side by side or inline. */
export function DiffView({ before, after, layout, afterLabel = CURRENT }: { before: string; after: string; layout: DiffLayout; afterLabel?: string }) {
  const lines = useMemo(() => diffLines(before, after), [before, after]);
  const stats = diffStats(lines);

  return (
    <div>
      <p className={styles.diffStats}>
        {stats.added === 0 && stats.removed === 0
          ? `No differences from ${afterLabel === CURRENT ? 'the current text' : afterLabel}.`
          : `${stats.removed} line${stats.removed === 1 ? '' : 's'} removed, ${stats.added} added ${afterLabel === CURRENT ? 'since this revision' : `in ${afterLabel}`}.`}
      </p>
      {layout === 'inline' ? (
        <pre className={styles.diffInline} aria-label="Inline diff">
          {lines.map((line, index) => (
            <div key={index} className={classes(styles.diffLine, KIND_CLASSES[line.kind])}>
              <span className={styles.diffMark} aria-hidden>
                {MARKS[line.kind]}
              </span>
              <span className="visually-hidden">{NAMES[line.kind]}: </span>
              {line.text || ' '}
            </div>
          ))}
        </pre>
      ) : (
        <table className={styles.diffTable} aria-label="Side-by-side diff">
          <thead>
            <tr>
              <th scope="col">This revision</th>
              <th scope="col">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {sideBySide(lines).map((row, index) => (
              <tr key={index}>
                <Cell line={row.left} />
                <Cell line={row.right} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
