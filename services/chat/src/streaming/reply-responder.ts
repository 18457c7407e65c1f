import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { Logger } from 'pino';
import { CONFIG, LOGGER, toErrorResponse } from '@prd/kit';
import { REPLY_TIMEOUT_HEADER, type ReplyStreamEvent } from '@prd/proto';
import type { Config } from '../config.js';
import { ClientGoneError } from '../jobs/ai-jobs.service.js';
import { ReplyStreams, type StreamTarget } from './reply-streams.service.js';

/** What a reply's producer gets: where the worker publishes partials (streamed calls only), and the client's leaving. */
export interface ReplyChannel {
  stream?: StreamTarget;
  /** Aborted when the client closed the request before the answer was out (Stop, a closed tab). */
  signal: AbortSignal;
}

const wantsStream = (request: FastifyRequest) => /\btext\/event-stream\b/i.test(request.headers.accept ?? '');

/** One Server-Sent Event; `JSON.stringify` escapes newlines, so the data is always a single line. */
const sseEvent = (event: ReplyStreamEvent, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * docs/decisions/0014-streaming-replies.md: answers an AI call as the usual JSON body, or as Server-Sent Events when the client sent
 * `Accept: text/event-stream`: `delta` events while the worker writes, then `done` with that same body, or `error`
 * with the usual error body (and its HTTP `status`). Either way, the client closing the request stops the job.
 */
@Injectable()
export class ReplyResponder {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly streams: ReplyStreams,
  ) {}

  /** `status` is the JSON answer's (a stream's is always 200). */
  async answer<T>(request: FastifyRequest, reply: FastifyReply, produce: (channel: ReplyChannel) => Promise<T>, status: 200 | 201 = 200): Promise<void> {
    const leaving = new AbortController();
    // 'close' comes after the answer too; only before its end does it mean the client went away.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) leaving.abort();
    });
    reply.header(REPLY_TIMEOUT_HEADER, String(this.config.AI_REPLY_TIMEOUT_S));
    if (!wantsStream(request)) {
      try {
        const body = await produce({ signal: leaving.signal });
        await reply.status(status).send(body);
      } catch (err) {
        if (!(err instanceof ClientGoneError)) throw err;
      }
      return;
    }
    return this.stream(reply, leaving.signal, produce);
  }

  private async stream<T>(reply: FastifyReply, signal: AbortSignal, produce: (channel: ReplyChannel) => Promise<T>): Promise<void> {
    const out = new PassThrough();
    const write = (text: string) => {
      if (!out.destroyed && !out.writableEnded) out.write(text);
    };
    // Partials arrive as the whole text so far; the client gets only what is new.
    let sent = '';
    const { target, stream } = this.streams.open(
      (soFar) => {
        if (!soFar.startsWith(sent)) {
          sent = '';
          write(sseEvent('restart', {}));
        }
        const delta = soFar.slice(sent.length);
        sent = soFar;
        if (delta) write(sseEvent('delta', { content: delta }));
      },
      () => {
        sent = '';
        write(sseEvent('restart', {}));
      },
    );
    // Through Fastify's own send, so that its hooks run (the session cookie of a new guest goes out).
    void reply.status(200).header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform').header('x-accel-buffering', 'no').send(out);
    // The first bytes flush the headers at once: the client knows the reply has begun.
    write(': stream open\n\n');
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), this.config.SSE_HEARTBEAT_MS);
    try {
      const body = await produce({ stream: target, signal });
      await stream.ended();
      write(sseEvent('done', body));
    } catch (err) {
      if (!(err instanceof ClientGoneError)) {
        const { status, body, unexpected } = toErrorResponse(err);
        if (unexpected) this.logger.error({ err }, 'streamed reply failed');
        // The usual error body, with the status the JSON call would have answered (the stream's own is 200).
        write(sseEvent('error', { ...body, status }));
      }
    } finally {
      clearInterval(heartbeat);
      stream.close();
      if (!out.destroyed) out.end();
    }
  }
}
