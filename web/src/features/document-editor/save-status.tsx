import { useSyncExternalStore } from 'react';
import type { LiveDocument, LiveSnapshot } from './live-document';
import styles from './document-page.module.css';

const OFFLINE = 'Offline — your changes are kept and will sync';

/**
 * What became of this person's edits: saving is automatic (the server stores the live document by itself). Someone
 * who only reads is told when the connection is down (the text stops following), nothing else.
 */
export function saveStatus(snapshot: LiveSnapshot, unsynced: boolean, canType: boolean): string | null {
  if (snapshot.status === 'reconnecting') return canType ? OFFLINE : 'Offline — reconnecting…';
  if (snapshot.status !== 'live' || !canType) return null;
  return unsynced ? 'Saving…' : 'Saved';
}

const noSubscription = () => () => undefined;
const nothingUnsynced = () => false;

export function SaveStatus({ live, snapshot, canType }: { live: LiveDocument | null; snapshot: LiveSnapshot | null; canType: boolean }) {
  const unsynced = useSyncExternalStore(live?.subscribeUnsynced ?? noSubscription, live?.getUnsynced ?? nothingUnsynced);
  const status = snapshot && saveStatus(snapshot, unsynced, canType);
  return (
    // Its room is kept for those who type, from before the first sync: "Saved" arriving does not push the line's controls to a new row.
    <span className={canType ? styles.saveStatusSlot : styles.saveStatus} role="status" data-testid="save-status">
      {status}
    </span>
  );
}
