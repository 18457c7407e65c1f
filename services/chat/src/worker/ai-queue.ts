/** The BullMQ queue that carries one job per AI reply from the chat service to the ai-worker (docs/decisions/0007-ai-jobs-on-bullmq.md). */
export const AI_QUEUE = 'ai-replies';

/** Job names: the kind of the job's task. */
export const aiJobNames = new Set(['chat', 'document', 'project', 'flow', 'title', 'suggest']);
