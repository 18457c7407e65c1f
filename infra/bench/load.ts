import autocannon, { type Options } from 'autocannon';

/** What one load run measured: successful answers per second and their latencies (milliseconds). */
export interface LoadFigures {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  failures: number;
}

/** Nearest-rank percentile of ascending samples (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Percentiles of a set of samples, with the maximum: below 1,000 samples p99 is only a few of them. */
export interface Latencies {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN };
}

export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function fire(options: Options, onAnswer: (status: number, ms: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result.errors + result.timeouts)));
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => onAnswer(status, ms));
  });
}

/**
 * Runs autocannon for `seconds` after a short warm-up (JIT, connection pools), keeping every 2xx
 * answer's exact response time (autocannon's own histogram rounds to whole milliseconds).
 */
export async function load(run: LoadRun, warmupSeconds = 2): Promise<LoadFigures> {
  const options: Options = { url: run.url, connections: run.connections, method: run.method ?? 'GET', headers: run.headers, body: run.body, timeout: 10 };
  if (warmupSeconds > 0) await fire({ ...options, duration: warmupSeconds }, () => undefined);
  const times: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  const errors = await fire({ ...options, duration: run.seconds }, (status, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
    else non2xx++;
  });
  const seconds = (performance.now() - started) / 1000;
  const { p50Ms, p99Ms, maxMs } = latencies(times);
  return {
    connections: run.connections,
    seconds: Math.round(seconds * 10) / 10,
    requests: times.length,
    requestsPerSecond: times.length / seconds,
    p50Ms,
    p99Ms,
    maxMs,
    failures: non2xx + errors,
  };
}
