import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveDocument, LiveSnapshot, LiveUser } from './live-document';

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/**
 * Opens the document's live copy while the page shows it (docs/decisions/0013-live-co-editing.md). Yjs
 * and the Hocuspocus provider load with it (a dynamic import), not with the page; the editor shows once they have
 * synced. `failed`: the live copy's code could not be loaded.
 */
export function useLiveDocument(documentId: number, user: LiveUser | null): { live: LiveDocument | null; snapshot: LiveSnapshot | null; failed: boolean } {
  const [live, setLive] = useState<LiveDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const userId = user?.id;
  const name = user?.name;
  const color = user?.color;

  useEffect(() => {
    if (userId === undefined || name === undefined || color === undefined) return;
    let closed = false;
    let opened: LiveDocument | undefined;
    import('./live-document')
      .then(({ openLiveDocument }) => {
        if (closed) return;
        opened = openLiveDocument(documentId, { id: userId, name, color });
        setLive(opened);
      })
      .catch(() => setFailed(true));
    return () => {
      closed = true;
      opened?.destroy();
      setLive(null);
    };
  }, [documentId, userId, name, color]);

  const snapshot = useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noSnapshot);
  return { live, snapshot, failed };
}
