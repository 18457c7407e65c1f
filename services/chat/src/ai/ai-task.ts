import type { ChatMode, DocumentFlowMode, ProjectContext } from '@prd/proto';
import type { TemplateSection } from '../document-flow/flow-document.js';
import type { InterviewState } from '../offline/interviewer.js';

/** One earlier message of the conversation, oldest first. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the AI is asked to do; the worker builds it from the server's own stored data (docs/decisions/0006-ai-providers.md). */
export type AiTask =
  | { kind: 'chat'; mode: ChatMode; history: Turn[]; message: string }
  | { kind: 'document'; document: { id: number; title: string; content: string }; history: Turn[]; message: string }
  | { kind: 'project'; project: ProjectContext; history: Turn[]; message: string }
  | {
      kind: 'flow';
      flowMode: DocumentFlowMode;
      templateName: string;
      sections: TemplateSection[];
      document: { title: string; content: string };
      history: Turn[];
      /** The user's answer; null when the flow opens. */
      message: string | null;
      state: InterviewState;
    }
  | { kind: 'title'; exchange: Turn[] }
  /**
   * A suggestion (docs/decisions/0041-suggestions.md): the new text of `passage` (the whole document without a quote) following
   * `instruction`, with at most SUGGEST_CONTEXT_CHARS of the text just before and after it for context.
   */
  | { kind: 'suggest'; title: string; instruction: string; passage: string; before: string; after: string };

/** The AI's answer: text for the user, and for document tasks possibly a new document. */
export interface AiReply {
  content: string;
  document: { content: string; title: string | null } | null;
  /** The offline interview's next position (flow tasks). */
  state?: InterviewState;
  /** A suggest task's answer: the passage's new text, or none and a note saying why. */
  suggestion?: { replacement: string | null; note: string | null };
  provider: string;
  model: string;
}

export interface RunOptions {
  signal: AbortSignal;
  /** Receives the whole reply so far while it is produced (realtime streaming). */
  onPartial?: (textSoFar: string) => void;
}

/** docs/decisions/0006-ai-providers.md: one interface, an OpenAI-compatible implementation and the offline assistant. */
export interface AiProvider {
  run(task: AiTask, options: RunOptions): Promise<AiReply>;
}
