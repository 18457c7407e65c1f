import { selectionTint } from '@prd/proto';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { liveDocumentAhead, loadLiveDocument, takeLiveDocumentAhead } from './document-page-ahead';
import type { AwarenessUser, LiveDocument, LiveSnapshot, LiveUser } from './live-document';

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/**
 * Opens the document's live copy while the page shows it (docs/decisions/0013-live-co-editing.md), or takes the one the
 * app opened as it started on this page (document-page-ahead.ts). Yjs and the Hocuspocus provider load with it (a dynamic
 * import), not with the page; the editor shows once they have synced. `me`: `user` in the presence, stable while they
 * are the same. `failed`: the live copy's code could not be loaded.
 */
export function useLiveDocument(
  documentId: number,
  user: LiveUser | null,
): { live: LiveDocument | null; me: AwarenessUser | null; snapshot: LiveSnapshot | null; failed: boolean } {
  // The first render already has the copy opened ahead when it has connected: the editor can show without another render.
  const [live, setLive] = useState<LiveDocument | null>(() => (user ? liveDocumentAhead(documentId) : null));
  const [failed, setFailed] = useState(false);
  const userId = user?.id;
  const name = user?.name;
  const color = user?.color;
  const me = useMemo(
    () => (userId !== undefined && name !== undefined && color !== undefined ? { id: userId, name, color, colorLight: selectionTint(color) } : null),
    [userId, name, color],
  );
  const signedIn = userId !== undefined;

  useEffect(() => {
    if (!signedIn) return;
    let closed = false;
    let opened: LiveDocument | undefined;
    const opening = takeLiveDocumentAhead(documentId) ?? loadLiveDocument().then(({ openLiveDocument }) => (closed ? undefined : openLiveDocument(documentId)));
    opening
      .then((doc) => {
        if (closed) return doc?.destroy();
        opened = doc;
        setLive(doc ?? null);
      })
      .catch(() => setFailed(true));
    return () => {
      closed = true;
      opened?.destroy();
      setLive(null);
    };
  }, [documentId, signedIn]);

  useEffect(() => {
    if (live && me) live.present(me);
  }, [live, me]);

  const snapshot = useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noSnapshot);
  return { live, me, snapshot, failed };
}

/**
 * The live document's markdown as it is derived (a moment behind the typing), `stored` until it is known or while `live` is
 * null: only the components that show it subscribe, so the page does not render again as people type.
 */
export function useLiveText(live: LiveDocument | null, stored: string): string {
  return useSyncExternalStore(live?.subscribeText ?? noSubscription, live?.getText ?? noSnapshot) ?? stored;
}
