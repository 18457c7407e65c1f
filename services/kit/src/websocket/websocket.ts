import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode } from '@prd/proto';
import type { Logger } from 'pino';
import { SessionService } from '../session/session.service.js';
import { SERVICE_NAME } from '../config/config.tokens.js';
import { LOGGER } from '../logging/logger.tokens.js';

export interface SocketContext {
  userId: number;
  request: IncomingMessage;
}

const HEARTBEAT_MS = 30_000;
/** Frames larger than this are refused by ws itself (no client needs more for chat text). */
const MAX_PAYLOAD = 1024 * 1024;

function refuse(socket: Duplex, service: string, status: number, reason: string, message: string) {
  const body = JSON.stringify({ code: status === 401 ? ErrorCode.UNAUTHORIZED : ErrorCode.FORBIDDEN, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Service: ${service}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // non-browser clients send none; browsers always do
  const forwarded = request.headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? request.headers.host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Serves WebSocket endpoints on the service's HTTP server. Only a same-origin upgrade whose session
 * holds a user is accepted; dead peers are dropped by a ping/pong heartbeat; shutdown closes every
 * socket with "going away" so clients reconnect to another replica (docs/decisions/0008-observability-and-operations.md).
 */
@Injectable()
export class WebSocketService implements OnApplicationShutdown {
  private readonly servers: WebSocketServer[] = [];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionService,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Call from onApplicationBootstrap, once the HTTP server exists. */
  serve(path: string, onConnection: (socket: WebSocket, context: SocketContext) => void): WebSocketServer {
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
    this.servers.push(wss);
    const alive = new WeakSet<WebSocket>();
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;

    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if ((request.url ?? '').split('?')[0] !== path) return;
      socket.on('error', () => socket.destroy());
      if (!sameOrigin(request)) return refuse(socket, this.service, 403, 'Forbidden', 'Cross-site WebSocket refused');
      this.sessions
        .fromCookieHeader(request.headers.cookie)
        .then((session) => {
          const userId = session.isNew ? undefined : session.userId;
          if (userId === undefined) return refuse(socket, this.service, 401, 'Unauthorized', 'Sign in or start as a guest first');
          wss.handleUpgrade(request, socket, head, (ws) => {
            alive.add(ws);
            ws.on('pong', () => alive.add(ws));
            ws.on('error', (err) => this.logger.debug({ err: err.message, path }, 'WebSocket error'));
            onConnection(ws, { userId, request });
          });
        })
        .catch((err: unknown) => {
          this.logger.warn({ err, path }, 'WebSocket upgrade failed');
          socket.destroy();
        });
    });

    const heartbeat = setInterval(() => {
      for (const ws of wss.clients) {
        if (!alive.has(ws)) {
          ws.terminate();
          continue;
        }
        alive.delete(ws);
        ws.ping();
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    wss.on('close', () => clearInterval(heartbeat));
    return wss;
  }

  async onApplicationShutdown() {
    await Promise.all(
      this.servers.map((wss) => {
        for (const ws of wss.clients) ws.close(1001, 'server shutting down');
        return new Promise<void>((resolve) => wss.close(() => resolve()));
      }),
    );
  }
}
