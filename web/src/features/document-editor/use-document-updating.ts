import { DOCUMENT_UPDATE_SETTLE_MS } from '../../shared/ui-constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * docs/product.md §4, §9: the editor is 'Updating...' while the AI works on a request about the document.
 * Its edit arrives through the live document (docs/decisions/0013-live-co-editing.md), before the reply
 * ends, so nothing is polled; a reply that changed the document keeps the badge about 2 s longer, as the
 * spec says, and another update restarts the 2 s. A reply that changed nothing ends it at once.
 */
export function useDocumentUpdating(): { updating: boolean; asked: () => void; replied: (documentUpdated: boolean) => void } {
  const [updating, setUpdating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const asked = useCallback(() => {
    clearTimeout(timer.current);
    setUpdating(true);
  }, []);

  const replied = useCallback((documentUpdated: boolean) => {
    clearTimeout(timer.current);
    if (!documentUpdated) {
      setUpdating(false);
      return;
    }
    setUpdating(true);
    timer.current = setTimeout(() => setUpdating(false), DOCUMENT_UPDATE_SETTLE_MS);
  }, []);

  return { updating, asked, replied };
}
