import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '../access/public.js';
import { METRICS } from './metrics.tokens.js';
import type { Metrics } from './metrics.js';

/** Prometheus scrape endpoint (docs/decisions/0008-observability-and-operations.md); the gateway does not expose it. */
@Controller()
@Public()
export class MetricsController {
  constructor(@Inject(METRICS) private readonly metrics: Metrics) {}

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
