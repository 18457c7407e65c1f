import WebSocket from 'ws';

/** Node's default inspector address, where SIGUSR1 opens it. */
const INSPECTOR = 'http://127.0.0.1:9229';
const OPEN_WAIT_MS = 5_000;
/** How long after the probe hangs up the process closes its inspector (see close()). */
const CLOSE_AFTER_HANGUP_MS = 500;

export interface HeapProbe {
  /** V8 heap in use plus memory held outside it (Yjs updates are typed arrays), after a full garbage collection. */
  liveBytes(): Promise<number>;
  close(): Promise<void>;
}

async function inspectorTarget(deadline: number): Promise<string> {
  for (;;) {
    try {
      const targets = (await (await fetch(`${INSPECTOR}/json/list`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
      const url = targets[0]?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      // Not listening yet: the process opens the inspector on its own thread after the signal.
    }
    if (Date.now() > deadline) throw new Error(`no inspector at ${INSPECTOR} after SIGUSR1`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until nothing listens at the inspector address, so that the next probe cannot reach this process's. */
async function inspectorGone(deadline: number): Promise<void> {
  for (;;) {
    try {
      await fetch(`${INSPECTOR}/json/list`);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`the inspector at ${INSPECTOR} is still open`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Attaches to a running service through its inspector, opened with SIGUSR1 (Node's own way to debug a live
 * process), so the benchmark can read live memory rather than resident size: a heap that already grew under
 * earlier load takes new objects without the resident size moving. The inspector is closed again by close().
 */
export async function openHeapProbe(pid: number): Promise<HeapProbe> {
  process.kill(pid, 'SIGUSR1');
  const socket = new WebSocket(await inspectorTarget(Date.now() + OPEN_WAIT_MS));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  type Answer = { id?: number; result?: { result?: { value?: unknown } }; error?: { message: string } };
  const pending = new Map<number, (message: Answer) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Answer;
    if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (message) => {
        pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result?.result?.value);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = (expression: string) => call('Runtime.evaluate', { expression, returnByValue: true });

  // Port 9229 taken by another process would answer for that one: make sure it is ours.
  const attached = await evaluate('process.pid');
  if (attached !== pid) {
    socket.close();
    throw new Error(`the inspector at ${INSPECTOR} belongs to process ${String(attached)}, not ${pid}`);
  }
  return {
    liveBytes: async () => {
      await call('HeapProfiler.collectGarbage');
      return Number(await evaluate('(() => { const m = process.memoryUsage(); return m.heapUsed + m.external; })()'));
    },
    close: async () => {
      // inspector.close() waits for its sessions to end, so it runs after we have hung up, and well after: run while
      // the inspector's own thread was still ending our session, it once never returned (Node 24.21, a two-replica bench
      // run: that thread spun in system calls and content's main thread stayed blocked in close(), so editing hung).
      // `undefined` as the value: the timer object itself cannot be returned by value (its references form cycles).
      await evaluate(`setTimeout(() => process.getBuiltinModule('node:inspector').close(), ${CLOSE_AFTER_HANGUP_MS}), undefined`);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
      await inspectorGone(Date.now() + OPEN_WAIT_MS);
    },
  };
}
