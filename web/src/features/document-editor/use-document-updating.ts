import { DOCUMENT_UPDATE_SETTLE_MS } from '../../shared/ui-constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * docs/product.md §4, §9: after the AI says it updated the document, the editor is 'Updating...' (and polls the
 * document every second) until about 2 s after that reply; another update restarts the 2 s.
 */
export function useDocumentUpdating(): { updating: boolean; markUpdated: () => void } {
  const [updating, setUpdating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const markUpdated = useCallback(() => {
    setUpdating(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setUpdating(false), DOCUMENT_UPDATE_SETTLE_MS);
  }, []);

  return { updating, markUpdated };
}
