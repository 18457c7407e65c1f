import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode } from '@prd/proto';
import type { Logger } from 'pino';
import { SessionService } from '../session/session.service.js';
import { SESSION_ENDED_CHANNEL, sessionTag, type SessionEndedEvent } from '../session/session.js';
import { CONFIG, SERVICE_NAME } from '../config/config.tokens.js';
import type { BaseConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.tokens.js';
import { REDIS } from '../redis/redis.tokens.js';
import { isSameOrigin } from '../security/same-origin.js';

export interface SocketContext {
  userId: number;
  request: IncomingMessage;
}

export interface ServeOptions {
  /**
   * Awaited before the upgrade is answered, so that whatever it prepares for the user (a subscription) is in place
   * when the client sees the socket open; its release runs once, when the connection closes or the upgrade fails.
   */
  hold?: (userId: number) => Promise<() => void>;
}

const HEARTBEAT_MS = 30_000;
/** The close code a socket gets when the session it was opened with ended (log-out, deletion, expiry). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The session a socket was opened with. */
interface SocketSession {
  sessionId: string;
  tag: string;
  userId: number;
}
/** Frames larger than this are refused by ws itself (no client needs more for chat text). */
const MAX_PAYLOAD = 1024 * 1024;

function refuse(socket: Duplex, service: string, status: number, reason: string, message: string) {
  const body = JSON.stringify({ code: status === 401 ? ErrorCode.UNAUTHORIZED : ErrorCode.FORBIDDEN, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Service: ${service}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves WebSocket endpoints on the service's HTTP server. Only a same-origin upgrade whose session
 * holds a user is accepted; dead peers are dropped by a ping/pong heartbeat; a socket closes when the
 * session it was opened with ends, on whichever replica it is (Redis pub/sub), and is checked again
 * every WS_SESSION_RECHECK_MS for sessions that simply expired; shutdown closes every socket with
 * "going away" so clients reconnect to another replica (docs/decisions/0008-observability-and-operations.md).
 */
@Injectable()
export class WebSocketService implements OnApplicationShutdown {
  private readonly servers: WebSocketServer[] = [];
  private readonly open = new Map<WebSocket, SocketSession>();
  private subscriber?: Redis;
  private recheck?: NodeJS.Timeout;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionService,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: BaseConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Call from onApplicationBootstrap, once the HTTP server exists. */
  async serve(path: string, onConnection: (socket: WebSocket, context: SocketContext) => void, options: ServeOptions = {}): Promise<WebSocketServer> {
    await this.watchSessions();
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
    this.servers.push(wss);
    const alive = new WeakSet<WebSocket>();
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;

    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if ((request.url ?? '').split('?')[0] !== path) return;
      socket.on('error', () => socket.destroy());
      if (!isSameOrigin(request.headers, this.config.ALLOWED_ORIGINS)) return refuse(socket, this.service, 403, 'Forbidden', 'Cross-site WebSocket refused');
      this.sessions
        .fromCookieHeader(request.headers.cookie)
        .then(async (session) => {
          const userId = session?.userId;
          if (!session || userId === undefined) return refuse(socket, this.service, 401, 'Unauthorized', 'Sign in or start as a guest first');
          if (options.hold) {
            const release = await options.hold(userId);
            // The socket stays the same object after the upgrade, so its close covers both a failed upgrade and the end of the connection.
            if (socket.destroyed) return release();
            socket.once('close', release);
          }
          wss.handleUpgrade(request, socket, head, (ws) => {
            alive.add(ws);
            this.open.set(ws, { sessionId: session.id, tag: sessionTag(session.id), userId });
            ws.on('close', () => this.open.delete(ws));
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

  /** Once per process: listen for ended sessions and start the periodic check. */
  private async watchSessions(): Promise<void> {
    if (this.subscriber) return;
    // A subscribed connection can run no other command, so it gets its own; ioredis resubscribes after a reconnect.
    this.subscriber = this.redis.duplicate({ connectionName: `${this.service}-session-ended` });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel, raw) => this.onSessionEnded(raw));
    await this.subscriber.subscribe(SESSION_ENDED_CHANNEL);
    this.recheck = setInterval(() => void this.recheckSessions(), this.config.WS_SESSION_RECHECK_MS);
    this.recheck.unref();
  }

  private onSessionEnded(raw: string): void {
    let event: SessionEndedEvent;
    try {
      event = JSON.parse(raw) as SessionEndedEvent;
    } catch {
      return;
    }
    const tags = new Set(Array.isArray(event.sessions) ? event.sessions : []);
    for (const [ws, session] of this.open) {
      if (tags.has(session.tag) || session.userId === event.userId) this.endSocket(ws);
    }
  }

  /** Sessions also end by expiring, which announces nothing: ask Redis whether each socket's still holds its user. */
  private async recheckSessions(): Promise<void> {
    const entries = [...this.open];
    if (entries.length === 0) return;
    try {
      const users = await this.sessions.usersOf(entries.map(([, s]) => s.sessionId));
      entries.forEach(([ws, session], i) => {
        if (users[i] !== session.userId) this.endSocket(ws);
      });
    } catch (err) {
      // Redis away: keep the sockets; the next round checks again.
      this.logger.debug({ err: (err as Error).message }, 'WebSocket session check skipped');
    }
  }

  private endSocket(ws: WebSocket): void {
    this.open.delete(ws);
    ws.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
  }

  async onApplicationShutdown() {
    if (this.recheck) clearInterval(this.recheck);
    await this.subscriber?.quit().catch(() => undefined);
    await Promise.all(
      this.servers.map((wss) => {
        for (const ws of wss.clients) ws.close(1001, 'server shutting down');
        return new Promise<void>((resolve) => wss.close(() => resolve()));
      }),
    );
  }
}
