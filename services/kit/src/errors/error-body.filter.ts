import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { toErrorResponse } from './to-error-response.js';

/** Writes every error as docs/product.md §8's body; unexpected ones are logged with the request id. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    sendError(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), exception);
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, exception: unknown) {
  const { status, body, unexpected } = toErrorResponse(exception);
  if (unexpected) request.log.error({ err: exception }, 'request failed');
  if (reply.sent) return;
  if (exception instanceof AppError && exception.retryAfterSeconds) void reply.header('retry-after', String(exception.retryAfterSeconds));
  if (exception instanceof AppError && exception.headers) void reply.headers(exception.headers);
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}
