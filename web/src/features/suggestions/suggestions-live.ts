import type { HocuspocusProvider } from '@hocuspocus/provider';
import { suggestionsChangedMessageSchema } from '@prd/proto';
import { useEffect } from 'react';

/** Whether a stateless message of the live document says this document's suggestions changed. */
export function announcesSuggestions(payload: string, documentId: number): boolean {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return false;
  }
  const parsed = suggestionsChangedMessageSchema.safeParse(message);
  return parsed.success && parsed.data.documentId === documentId;
}

/**
 * Calls `refetch` when the live document announces that the document's suggestions changed (made, accepted, rejected:
 * docs/decisions/0041-suggestions.md, "Live"), and after each sync, since announcements made while disconnected are lost.
 */
export function useSuggestionsLive(documentId: number, provider: HocuspocusProvider | null, refetch: () => void): void {
  useEffect(() => {
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      if (announcesSuggestions(payload, documentId)) refetch();
    };
    const onSynced = ({ state }: { state: boolean }) => {
      if (state) refetch();
    };
    provider.on('stateless', onStateless);
    provider.on('synced', onSynced);
    return () => {
      provider.off('stateless', onStateless);
      provider.off('synced', onSynced);
    };
  }, [documentId, provider, refetch]);
}
