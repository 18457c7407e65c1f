import type { RealtimeSessionToken } from '@prd/proto';
import type { OutcomeTarget } from '../jobs/job-outcome.js';

/**
 * docs/decisions/0003-internal-calls.md: only the chat worker reads a user's decrypted key, so the realtime voice
 * session token is minted there: the chat API puts one job on this queue and waits for its answer.
 */
export const VOICE_TOKEN_QUEUE = 'voice-tokens';
export const VOICE_TOKEN_JOB = 'voice-token';

/** Ids only, like every AI job: never a key. */
export interface VoiceTokenJobData extends OutcomeTarget {
  userId: number;
  documentId: number | null;
}

/** The ephemeral client secret (it expires within a minute or so), never the key it was minted with. */
export type VoiceTokenJobResult = RealtimeSessionToken;
