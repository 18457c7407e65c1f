import type { LiveSnapshot } from './live-document';
import styles from './document-page.module.css';

const OFFLINE = 'Offline — your changes are kept and will sync';

/**
 * What became of this person's edits: saving is automatic (the server stores the live document by itself). Someone
 * who only reads is told when the connection is down (the text stops following), nothing else.
 */
export function saveStatus(snapshot: LiveSnapshot, canType: boolean): string | null {
  if (snapshot.status === 'reconnecting') return canType ? OFFLINE : 'Offline — reconnecting…';
  if (snapshot.status !== 'live' || !canType) return null;
  return snapshot.unsynced ? 'Saving…' : 'Saved';
}

export function SaveStatus({ snapshot, canType }: { snapshot: LiveSnapshot | null; canType: boolean }) {
  const status = snapshot && saveStatus(snapshot, canType);
  return (
    <span className={styles.saveStatus} role="status" data-testid="save-status">
      {status}
    </span>
  );
}
