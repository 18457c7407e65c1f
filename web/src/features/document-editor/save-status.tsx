import { useLayoutEffect, useRef } from 'react';
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

/**
 * The status line. Whether edits await the server flips twice per keystroke ("Saving…", then "Saved"), so that flag is
 * written into the element instead of rendered: while the editor has the focus, every React commit first saves the
 * selection by walking the whole document's DOM (React's getSelectionInformation), and this one ran inside the keystroke's
 * own input event, before the browser could paint the letter.
 */
export function SaveStatus({ live, snapshot, canType }: { live: LiveDocument | null; snapshot: LiveSnapshot | null; canType: boolean }) {
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const show = () => {
      if (slot.current) slot.current.textContent = (snapshot && saveStatus(snapshot, live?.getUnsynced() ?? false, canType)) ?? '';
    };
    show();
    if (!live) return;
    const unsubscribe = live.subscribeUnsynced(show);
    return () => void unsubscribe();
  }, [live, snapshot, canType]);
  // Its room is kept for those who type, from before the first sync: "Saved" arriving does not push the line's controls to a new row.
  return <span ref={slot} className={canType ? styles.saveStatusSlot : styles.saveStatus} role="status" data-testid="save-status" />;
}
