import { useCallback, useState } from 'react';

/** The AI chat's share of a wide page, in percent: about 40% by default, within bounds that keep both readable. */
export const CHAT_WIDTH = { min: 25, max: 60, initial: 40 } as const;

const KEY = 'prd.documentChat';

export interface ChatPanelState {
  width: number;
  collapsed: boolean;
}

const clamp = (width: number) => Math.round(Math.min(CHAT_WIDTH.max, Math.max(CHAT_WIDTH.min, width)));

/** What this browser last chose (localStorage); the default when nothing, or nothing sensible, is stored. */
export function storedChatPanel(storage: Pick<Storage, 'getItem'> = localStorage): ChatPanelState {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<ChatPanelState> | null;
    return {
      width: typeof stored?.width === 'number' && Number.isFinite(stored.width) ? clamp(stored.width) : CHAT_WIDTH.initial,
      collapsed: stored?.collapsed === true,
    };
  } catch {
    return { width: CHAT_WIDTH.initial, collapsed: false };
  }
}

/** The chat panel's width and whether it is collapsed, remembered across pages and visits. */
export function useChatPanelState(): [ChatPanelState, (change: Partial<ChatPanelState>) => void] {
  const [state, setState] = useState(storedChatPanel);
  const change = useCallback((next: Partial<ChatPanelState>) => {
    setState((current) => {
      const updated = { ...current, ...next, width: clamp(next.width ?? current.width) };
      try {
        localStorage.setItem(KEY, JSON.stringify(updated));
      } catch {
        // Storage full or denied: the choice holds for this page only.
      }
      return updated;
    });
  }, []);
  return [state, change];
}
