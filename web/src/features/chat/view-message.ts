import type { ChatMessage, ChatRole } from '@prd/proto';

/** A message as the chat views show it: stored ones, the local greeting, optimistic and streaming ones. */
export interface ViewMessage {
  /** Stable React key: `m<id>` for stored messages, `local-<n>` for the others. */
  key: string;
  role: ChatRole;
  content: string;
  createdAt?: string;
  /** The user stopped this reply while it was written (docs/decisions/0014-streaming-replies.md). */
  stopped?: boolean;
}

let localCount = 0;

export const fromChatMessage = (message: ChatMessage): ViewMessage => ({
  key: `m${message.id}`,
  role: message.role,
  content: message.content,
  createdAt: message.createdAt,
  stopped: message.stopped,
});

/** A message that exists only in this view (greeting, optimistic send, system note). */
export const localMessage = (role: ChatRole, content: string): ViewMessage => {
  localCount += 1;
  return { key: `local-${localCount}`, role, content, createdAt: new Date().toISOString() };
};

/** Replaces the optimistic message `key` by the stored user message and appends the reply. */
export function settleSend(messages: ViewMessage[], key: string, stored: ViewMessage[]): ViewMessage[] {
  const index = messages.findIndex((message) => message.key === key);
  if (index < 0) return [...messages, ...stored];
  return [...messages.slice(0, index), ...stored, ...messages.slice(index + 1)];
}

/** Removes the optimistic message `key` after a failed send. */
export const dropMessage = (messages: ViewMessage[], key: string): ViewMessage[] => messages.filter((message) => message.key !== key);

/** The index of the conversation's last AI reply if only system notes follow it (what Regenerate replaces), else -1. */
export function lastReplyIndex(messages: ViewMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const role = messages[i]?.role;
    if (role === 'assistant') return i;
    if (role !== 'system') return -1;
  }
  return -1;
}
