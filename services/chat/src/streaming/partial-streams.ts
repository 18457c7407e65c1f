import type { StreamEvent } from '../jobs/ai-job.js';

/** How long a finished reply waits for its stream's end marker before going out anyway (marker lost, Redis away). */
export const STREAM_END_WAIT_MS = 1_000;

export interface PartialStream {
  /** Resolves once every partial has been passed on (the end marker came) or after `waitMs`. */
  ended(waitMs?: number): Promise<void>;
  /** Stops passing partials on: nothing may follow the final message. */
  close(): void;
}

interface Open {
  onPartial: (content: string) => void;
  onRestart: () => void;
  end: () => void;
  ended: Promise<void>;
}

/**
 * This replica's streaming replies, by job id. Partials come over pub/sub while the job's result comes on the
 * replica's outcome channel (jobs/job-outcomes.service.ts), published from the worker's BullMQ events: two Redis
 * connections with no order between them, and the result can win by a millisecond. So a reply waits for the
 * worker's end marker before its final message is sent.
 */
export class PartialStreams {
  private readonly open = new Map<string, Open>();

  /** `onRestart`: a retried attempt begins, the partials so far are void (docs/decisions/0014-streaming-replies.md). */
  start(jobId: string, onPartial: (content: string) => void, onRestart: () => void = () => undefined): PartialStream {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.open.set(jobId, { onPartial, onRestart, end, ended });
    return {
      ended: async (waitMs = STREAM_END_WAIT_MS) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
        await Promise.race([ended, timeout]);
        clearTimeout(timer);
      },
      close: () => {
        this.open.delete(jobId);
        end();
      },
    };
  }

  deliver(event: StreamEvent): void {
    const stream = this.open.get(event.jobId);
    if (!stream) return;
    if ('end' in event) stream.end();
    else if ('restart' in event) stream.onRestart();
    else stream.onPartial(event.content);
  }
}
