import { createParser } from 'eventsource-parser';

export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/** A streamed AI call as a test sees it: its response head, every event and comment, and a way to stop it. */
export interface SseCall {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves with the first event (or comment, as `:comment`) matching, in arrival order. */
  until(test: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
  /** Resolves when the server ended the stream. */
  finished: Promise<void>;
  /** Closes the request, as the web client's Stop does. */
  abort(): void;
}

/** POSTs `body` with `Accept: text/event-stream` and parses the answer as it arrives (docs/decisions/0014-streaming-replies.md). */
export async function postSse(baseUrl: string, path: string, cookie: string, body: unknown): Promise<SseCall> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', cookie, origin: new URL(baseUrl).origin },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const parser = createParser({
    onEvent: (message) => {
      events.push({ event: message.event ?? 'message', data: JSON.parse(message.data) as unknown });
      notify();
    },
    onComment: (comment) => {
      comments.push(comment);
      events.push({ event: ':comment', data: comment });
      notify();
    },
  });
  let ended = false;
  const finished = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted by the test
    } finally {
      ended = true;
      notify();
    }
  })();
  const until = (test: (event: ReceivedEvent) => boolean) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(test);
        if (found) {
          waiters.delete(check);
          resolve(found);
        } else if (ended) {
          waiters.delete(check);
          reject(new Error(`the stream ended without the awaited event; got ${JSON.stringify(events)}`));
        }
      };
      waiters.add(check);
      check();
    });
  return { status: response.status, headers: response.headers, events, comments, until, finished, abort: () => controller.abort() };
}

/** The reply text the events show: deltas after the last restart. */
export function streamedText(events: ReceivedEvent[]): string {
  let text = '';
  for (const { event, data } of events) {
    if (event === 'restart') text = '';
    if (event === 'delta') text += (data as { content: string }).content;
  }
  return text;
}
