import type { ChatMessage, ChatMode, DocumentDto, ErrorBody, Suggestion, SuggestionQuote } from '@prd/proto';
import { PROVIDER_FAILED } from '../ai/ai-errors.js';
import type { OutcomeTarget } from './job-outcome.js';

/** A regenerated reply: the last exchange of its scope, whose assistant message the new reply replaces (docs/decisions/0014-streaming-replies.md). */
export interface Replaces {
  userMessageId: number;
  assistantMessageId: number;
}

/** What an AI job must do. Only ids and the user's own text: never a key, never the client's copy of a document (docs/decisions/0006-ai-providers.md). */
export type AiJobTask =
  | { kind: 'chat'; mode: ChatMode; content: string; threadId: number | null; replaces?: Replaces }
  | { kind: 'document'; content: string; documentId: number; replaces?: Replaces }
  | { kind: 'project'; content: string; projectId: number }
  /** `content` is the user's answer, null when the flow opens; `userText` is stored as the user's message. */
  | { kind: 'flow'; documentId: number; content: string | null; userText: string }
  | { kind: 'title'; threadId: number }
  /** "Ask AI" (docs/decisions/0041-suggestions.md): a suggestion on the quoted passage, or on the whole document without one. */
  | { kind: 'suggest'; documentId: number; instruction: string; quote: SuggestionQuote | null };

export interface AiJobData extends OutcomeTarget {
  userId: number;
  task: AiJobTask;
  /** Epoch milliseconds after which the client has stopped waiting: the job must not write anymore. */
  deadline: number;
  /** The allowance unit taken for this reply, given back if the job fails for good (docs/decisions/0007-ai-jobs-on-bullmq.md). */
  consumed: 'messages' | null;
  /** Redis channel for partials of the reply (realtime `/ws`, SSE), or null. */
  stream: string | null;
}

export interface AiJobResult {
  userMessage: ChatMessage | null;
  assistantMessage: ChatMessage | null;
  /** The document after the job: the edited one for document chat and flows (null when unchanged in document chat). */
  document: DocumentDto | null;
  documentUpdated: boolean;
  isComplete: boolean;
  title: string | null;
  /** The client stopped the reply: the text so far was kept as a stopped message (null messages: nothing was written). */
  stopped?: boolean;
  /** The suggestions stored: a suggest job's, or a document chat's edit in suggest mode. */
  suggestions?: Suggestion[];
  /** A suggest job that stored none: why. */
  note?: string | null;
}

/**
 * What the worker publishes on a job's stream channel: the reply so far while it is written, then an end
 * marker once the last partial is out (same connection, so it arrives after every partial). A retried
 * attempt (its worker died, or the provider failed) first says `restart`: the text so far is void.
 */
export type StreamEvent = { jobId: string; content: string } | { jobId: string; end: true } | { jobId: string; restart: true };

/** Pub/sub channel on which the chat service asks every worker to stop a job (docs/decisions/0014-streaming-replies.md: the client closed the request). */
export const cancelChannel = (queuePrefix: string) => `${queuePrefix}:ai:cancel`;
/** Marks a job as stopped for a worker that picks it up only later. */
export const cancelledKey = (queuePrefix: string, jobId: string) => `${queuePrefix}:ai:cancelled:${jobId}`;

/** A job's failure travels to the waiting chat service as its failed reason: the status and docs/product.md §8 body. */
export function encodeFailure(status: number, body: ErrorBody): string {
  return JSON.stringify({ status, body });
}

export function decodeFailure(reason: string | undefined): { status: number; body: ErrorBody } | null {
  if (!reason?.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(reason) as { status?: unknown; body?: { message?: unknown } };
    if (typeof parsed.status === 'number' && typeof parsed.body?.message === 'string') return parsed as { status: number; body: ErrorBody };
  } catch {
    // not one of ours
  }
  return null;
}

export const UNKNOWN_FAILURE = { status: 502, body: PROVIDER_FAILED };

/** Redis key that makes a job's refund happen once, whoever gives it (the worker, or chat when the job ended without one). */
export const refundKey = (jobId: string) => `ai:refunded:${jobId}`;
/** How long the once-only refund marker is kept. */
export const REFUND_MARKER_SECONDS = 7 * 24 * 3600;
