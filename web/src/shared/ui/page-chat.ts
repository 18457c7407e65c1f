import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page shows an AI chat of its own (the document page's, beside the document): the shell's floating
 * 'AI Assistant' launcher then stays hidden, since on that page it would open the same conversation a second time,
 * and it would sit over the chat's own input.
 */
let shown = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isShown = () => shown > 0;

/** Marks the page as showing its own AI chat while `visible` and mounted. */
export function useShowsPageChat(visible: boolean): void {
  useEffect(() => {
    if (!visible) return;
    shown += 1;
    listeners.forEach((listener) => listener());
    return () => {
      shown -= 1;
      listeners.forEach((listener) => listener());
    };
  }, [visible]);
}

/** Whether some page currently shows its own AI chat. */
export const usePageChatShown = (): boolean => useSyncExternalStore(subscribe, isShown, () => false);
