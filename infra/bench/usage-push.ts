import { createDocument, nextMessage, nowMs, openSocket, type BenchUser } from './api.ts';
import { latencies, load, type Latencies, type LoadRun } from './load.ts';

/** Signed delays of the `usage_update` push, each measured from two moments. */
export interface PushFigures {
  /** From the consuming request being sent to the push arriving. */
  fromSend: Latencies;
  /** From identity committing the counter (the `committedAt` stamped in the event) to the push arriving. */
  fromCommit: Latencies;
  /** Consumptions whose push never came within the wait. */
  missing: number;
}

export interface PushConditions {
  idle: PushFigures;
  /** The same sampling while the read-path load runs against the same stack. */
  underLoad: PushFigures;
}

/**
 * `usage_update` over `/ws-general` after a consumption: the user's socket is open, a document is
 * created (one unit of usage), one at a time. Delays are signed and never clamped: a push stamped
 * before it was sent would show as a negative figure, not as zero.
 */
async function sample(base: string, user: BenchUser, samples: number, label: string): Promise<PushFigures> {
  const socket = await openSocket(base, '/ws-general', user);
  try {
    const fromSend: number[] = [];
    const fromCommit: number[] = [];
    let missing = 0;
    const warmup = 5;
    for (let i = 0; i < samples + warmup; i++) {
      const pushed = nextMessage<{ type?: string; committedAt?: number }>(socket, 'usage_update');
      const sentAt = nowMs();
      await createDocument(base, user, `Usage push ${label} ${i}`, 'Counts as one document of the month.');
      const push = await pushed;
      if (i < warmup) continue;
      if (push === null) {
        missing++;
        continue;
      }
      fromSend.push(push.at - sentAt);
      const committedAt = push.message.committedAt ?? null;
      if (committedAt === null) throw new Error('usage_update carries no committedAt stamp');
      fromCommit.push(push.at - committedAt);
    }
    return { fromSend: latencies(fromSend), fromCommit: latencies(fromCommit), missing };
  } finally {
    socket.close();
  }
}

/** The push sampled on a quiet stack, then again while `background` (the read-path load) runs. */
export async function measureUsagePush(base: string, user: BenchUser, samples: number, background: LoadRun): Promise<PushConditions> {
  const idle = await sample(base, user, samples, 'idle');
  // The load runs for as long as the sampling may take; it is awaited so nothing outlives the figure.
  let loadEnded = false;
  const loadDone = load(background, 0).finally(() => {
    loadEnded = true;
  });
  try {
    const underLoad = await sample(base, user, samples, 'under load');
    if (loadEnded) throw new Error(`the sampling outlasted the ${background.seconds} s background load`);
    return { idle, underLoad };
  } finally {
    await loadDone;
  }
}
