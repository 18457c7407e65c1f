import type { LiveSnapshot } from './live-document';
import styles from './document-page.module.css';

/** What became of this person's edits: saving is automatic (the server stores the live document by itself). */
export function saveStatus(snapshot: LiveSnapshot): string | null {
  if (snapshot.status === 'reconnecting') return 'Offline — your changes are kept and will sync';
  if (snapshot.status !== 'live') return null;
  return snapshot.unsynced ? 'Saving…' : 'Saved';
}

export function SaveStatus({ snapshot }: { snapshot: LiveSnapshot | null }) {
  const status = snapshot && saveStatus(snapshot);
  return (
    <span className={styles.saveStatus} role="status" data-testid="save-status">
      {status}
    </span>
  );
}
