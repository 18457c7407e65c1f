import type WebSocket from 'ws';
import { createDocument, nowMs, openSocket, type BenchUser } from './api.ts';
import { latencies, type Latencies } from './load.ts';

export interface PushFigures extends Latencies {
  /** Pushes that arrived before the consuming request's answer did (counted as 0 ms). */
  beforeAnswer: number;
  /** Consumptions whose push never came within the wait. */
  missing: number;
}

const WAIT_MS = 5_000;

function nextPush(socket: WebSocket): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      resolve(null);
    }, WAIT_MS);
    const onMessage = (data: WebSocket.RawData) => {
      const at = nowMs();
      if ((JSON.parse(String(data)) as { type?: string }).type !== 'usage_update') return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(at);
    };
    socket.on('message', onMessage);
  });
}

/**
 * `usage_update` over `/ws-general` after a consumption: the user's socket is open, a document is
 * created (one unit of usage), and the time from the POST's answer to the push is taken, one at a time.
 */
export async function measureUsagePush(base: string, user: BenchUser, samples: number): Promise<PushFigures> {
  const socket = await openSocket(base, '/ws-general', user);
  try {
    const times: number[] = [];
    let beforeAnswer = 0;
    let missing = 0;
    const warmup = 5;
    for (let i = 0; i < samples + warmup; i++) {
      const pushed = nextPush(socket);
      await createDocument(base, user, `Usage push ${i}`, 'Counts as one document of the month.');
      const answeredAt = nowMs();
      const pushedAt = await pushed;
      if (i < warmup) continue;
      if (pushedAt === null) missing++;
      else {
        if (pushedAt < answeredAt) beforeAnswer++;
        times.push(Math.max(0, pushedAt - answeredAt));
      }
    }
    return { ...latencies(times), beforeAnswer, missing };
  } finally {
    socket.close();
  }
}
