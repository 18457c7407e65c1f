import type { LoggerService } from '@nestjs/common';
import { pino, stdSerializers, type DestinationStream, type Logger, type LevelWithSilent, type LoggerOptions } from 'pino';
import { summariseDatabaseError } from './database-error.js';

/** Paths that must never reach a log line (docs/decisions/0006-ai-providers.md, docs/decisions/0009-security.md). */
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-internal-token"]', 'res.headers["set-cookie"]', '*.password', '*.apiKey', '*.openaiKey'];

/** Errors as pino writes them, except database errors, which lose their parameters and quoted values. */
export function serializeError(err: unknown): unknown {
  return summariseDatabaseError(err) ?? stdSerializers.err(err as Error);
}

export function createLogger(service: string, level: LevelWithSilent, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Routes NestJS's own messages into the same pino JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
