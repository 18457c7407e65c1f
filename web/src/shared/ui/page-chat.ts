import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page shows an AI chat of its own (the document page's beside the document, the guided flow's): the shell's
 * floating 'AI Assistant' launcher then stays hidden, since it would open a second conversation beside the page's own
 * (on a document's page the same one), and it would sit over the page's input or preview.
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
