import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * A job's final outcome, as the worker publishes it on the channel of the chat replica that waits for it
 * (docs/decisions/0007-ai-jobs-on-bullmq.md): only the asking replica decodes it, however many replicas there are.
 */
export type JobOutcome = { jobId: string; completed: unknown } | { jobId: string; failed: string };

/** What a job's data carries so that its outcome reaches the waiting replica only. */
export interface OutcomeTarget {
  /** The waiting replica's outcome channel; absent on jobs nobody waits for. */
  replyTo?: string;
}

/**
 * Publishes each job's final outcome to the channel its data names: a completion, or the failure of the last
 * attempt (a failure BullMQ retries is invisible to the waiter, as with `waitUntilFinished`). A message lost
 * here is found by the waiter in the job's state at its deadline.
 */
export function publishOutcomes<D extends OutcomeTarget>(worker: Worker<D>, redis: Redis, onError: (err: unknown, jobId: string | undefined) => void): void {
  const publish = (job: Job<D>, outcome: JobOutcome) => {
    if (job.data.replyTo) redis.publish(job.data.replyTo, JSON.stringify(outcome)).catch((err: unknown) => onError(err, job.id));
  };
  worker.on('completed', (job, result) => publish(job, { jobId: job.id!, completed: result }));
  // BullMQ sets `finishedOn` only when it moved the job to failed for good.
  worker.on('failed', (job, err) => {
    if (job?.finishedOn) publish(job, { jobId: job.id!, failed: err.message });
  });
}
