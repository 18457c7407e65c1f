import { THREAD_CREATION_GUARD_MS } from '../../shared/ui-constants';
import { useCallback, useEffect, useRef } from 'react';
import { useToast } from '../../shared/toast/toast';

/**
 * docs/product.md §4, §9: only one thread creation at a time. `begin` refuses (with the 'Creating Thread' toast)
 * while one is in flight; the guard clears when it ends, or after 5 s whatever happens.
 */
export function useThreadCreationGuard(): { begin: () => boolean; end: () => void } {
  const toast = useToast();
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const end = useCallback(() => {
    busy.current = false;
    clearTimeout(timer.current);
  }, []);

  const begin = useCallback(() => {
    if (busy.current) {
      toast.error('Creating Thread', 'Please finish creating the thread first.');
      return false;
    }
    busy.current = true;
    timer.current = setTimeout(end, THREAD_CREATION_GUARD_MS);
    return true;
  }, [toast, end]);

  return { begin, end };
}
