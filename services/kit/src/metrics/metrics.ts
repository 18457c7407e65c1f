import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process, with Node's default metrics and the HTTP histogram. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, httpErrors };
}
export type Metrics = ReturnType<typeof createMetrics>;
