import { Avatar, Tooltip } from 'antd';
import type { Person } from './live-document';
import styles from './document-page.module.css';

const initial = (name: string) => name.trim().charAt(0).toUpperCase() || '?';
const label = (person: Person) => (person.self ? `${person.name} (you)` : person.name);

/** Who has the document open (docs/decisions/0013-live-co-editing.md): avatars in each person's colour, names in tooltips and in a list for screen readers. */
export function PresenceList({ people }: { people: Person[] }) {
  if (people.length === 0) return null;
  return (
    <div className={styles.presence}>
      <Avatar.Group size="small" max={{ count: 5 }}>
        {people.map((person) => (
          <Tooltip key={person.key} title={label(person)}>
            <Avatar size="small" style={{ backgroundColor: person.color }} aria-hidden>
              {initial(person.name)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <ul className="visually-hidden" aria-label="People in this document">
        {people.map((person) => (
          <li key={person.key}>{label(person)}</li>
        ))}
      </ul>
    </div>
  );
}
