import { Tooltip } from 'antd';
import type { Person } from './live-document';
import styles from './document-page.module.css';

/** Avatars shown; the rest are counted in a last one. */
const SHOWN = 5;

const initial = (name: string) => name.trim().charAt(0).toUpperCase() || '?';
const label = (person: Person) => (person.self ? `${person.name} (you)` : person.name);

/**
 * Who has the document open (docs/decisions/0013-live-co-editing.md): avatars in each person's colour, names in tooltips
 * and in a list for screen readers. Plain circles of a fixed size: antd's Avatar measures its text after each render,
 * which forced a layout of the whole (100 kB) document as the editor opened (docs/decisions/0044-document-page-load.md).
 */
export function PresenceList({ people }: { people: Person[] }) {
  if (people.length === 0) return null;
  const shown = people.length > SHOWN ? people.slice(0, SHOWN - 1) : people;
  const more = people.slice(shown.length);
  return (
    <div className={styles.presence}>
      <span className={styles.avatars} aria-hidden>
        {shown.map((person) => (
          <Tooltip key={person.key} title={label(person)}>
            <span className={styles.avatar} style={{ backgroundColor: person.color }}>
              {initial(person.name)}
            </span>
          </Tooltip>
        ))}
        {more.length > 0 && (
          <Tooltip title={more.map(label).join(', ')}>
            <span className={`${styles.avatar} ${styles.avatarMore}`}>+{more.length}</span>
          </Tooltip>
        )}
      </span>
      <ul className="visually-hidden" aria-label="People in this document">
        {people.map((person) => (
          <li key={person.key}>{label(person)}</li>
        ))}
      </ul>
    </div>
  );
}
