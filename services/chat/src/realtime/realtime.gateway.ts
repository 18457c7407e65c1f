import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AppError, CONFIG, deploymentChannel, LOGGER, REDIS, WebSocketService } from '@prd/kit';
import {
  ACCESS_REVOKED_CHANNEL,
  accessRevokedEventSchema,
  ContentClient,
  InternalCallError,
  realtimeClientMessageSchema,
  type AccessRevokedEvent,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@prd/proto';
import { ChatService } from '../chat/chat.service.js';
import type { Config } from '../config.js';
import { ReplyStreams } from '../streaming/reply-streams.service.js';

interface RealtimeSession {
  id: string;
  userId: number;
  documentId: number | null;
  projectId: number | null;
}

type Send = (message: RealtimeServerMessage) => void;

/** The close code of a socket whose user lost access to what one of its sessions works on. */
export const ACCESS_REVOKED_CLOSE_CODE = 4403;

/** The text a client sees for a failed frame: our docs/product.md §8 message, never internals. */
function errorText(err: unknown): string {
  if (err instanceof AppError) return err.body.message;
  if (err instanceof InternalCallError && err.status < 500) return err.body.message;
  return 'Something went wrong, please try again';
}

/**
 * The realtime chat channel `/ws` (docs/product.md §7): sessions scoped to the socket's own user. Replies run
 * as AI jobs; their partials come from the worker over this replica's own Redis channel (docs/decisions/0002-shared-redis.md).
 */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, OnApplicationShutdown {
  /** `init_session` frames per socket and minute (each is a call to content). */
  private readonly initLimit: RateLimiterMemory;
  /** This replica's open sockets and their sessions, so a revoked grant can close the ones it concerns. */
  private readonly sockets = new Map<WebSocket, { userId: number; sessions: Map<string, RealtimeSession> }>();
  /** The deployment's channel of revoked grants. */
  private readonly revocations: string;
  private subscriber?: Redis;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly websockets: WebSocketService,
    private readonly chat: ChatService,
    private readonly content: ContentClient,
    private readonly streams: ReplyStreams,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.initLimit = new RateLimiterMemory({ points: config.REALTIME_INITS_PER_MINUTE, duration: 60 });
    this.revocations = deploymentChannel(ACCESS_REVOKED_CHANNEL, config);
  }

  async onApplicationBootstrap() {
    this.subscriber = this.redis.duplicate({ connectionName: 'chat-revocations' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel, raw) => {
      try {
        if (channel === this.revocations) this.revoke(accessRevokedEventSchema.parse(JSON.parse(raw)));
      } catch {
        this.logger.warn({ channel }, 'ignored a malformed revocation event');
      }
    });
    await this.subscriber.subscribe(this.revocations);
    await this.websockets.serve('/ws', (socket, { userId }) => this.attach(socket, userId));
  }

  onApplicationShutdown() {
    this.subscriber?.disconnect();
  }

  /** docs/decisions/0012-sharing-and-roles.md: a revoked or weakened grant ends that user's sockets with a session on the item at once. */
  private revoke(event: AccessRevokedEvent) {
    const documents = new Set(event.documentIds);
    for (const [socket, { userId, sessions }] of this.sockets) {
      if (userId !== event.userId) continue;
      const concerned = [...sessions.values()].some((s) => (s.documentId !== null && documents.has(s.documentId)) || (event.projectId !== null && s.projectId === event.projectId));
      if (concerned) socket.close(ACCESS_REVOKED_CLOSE_CODE, 'Access revoked');
    }
  }

  private attach(socket: WebSocket, userId: number) {
    const sessions = new Map<string, RealtimeSession>();
    this.sockets.set(socket, { userId, sessions });
    const socketKey = randomUUID();
    const send: Send = (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    socket.on('message', (data) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(data));
      } catch {
        return send({ type: 'error', message: 'Invalid message' });
      }
      const type = (raw as { type?: unknown } | null)?.type;
      if (!['init_session', 'message', 'end_session'].includes(String(type))) {
        this.logger.warn({ type: String(type).slice(0, 40) }, 'ignored an unknown realtime frame type');
        return send({ type: 'error', message: 'Invalid message' });
      }
      const parsed = realtimeClientMessageSchema.safeParse(raw);
      if (!parsed.success) return send({ type: 'error', message: 'Invalid message' });
      this.handle(parsed.data, userId, sessions, socketKey, send).catch((err: unknown) => send({ type: 'error', message: errorText(err) }));
    });
    socket.on('close', () => {
      sessions.clear();
      this.sockets.delete(socket);
    });
  }

  private async handle(frame: RealtimeClientMessage, userId: number, sessions: Map<string, RealtimeSession>, socketKey: string, send: Send) {
    switch (frame.type) {
      case 'init_session': {
        if (frame.userId !== userId) return send({ type: 'error', message: 'Session does not belong to this user' });
        const documentId = frame.documentId ?? null;
        const projectId = frame.projectId ?? null;
        // Each init asks content; a socket cannot turn that into a flood.
        if (
          !(await this.initLimit.consume(socketKey).then(
            () => true,
            () => false,
          ))
        )
          return send({ type: 'error', message: 'Too many sessions started. Please wait a moment and try again.' });
        // The session works on the server's stored copy and talks to the AI about it: content's access
        // helper wants an editor (checked without loading the content).
        if (projectId) await this.content.checkProject(projectId, userId, 'editor');
        else if (documentId) await this.content.checkDocument(documentId, userId, 'editor');
        const session = { id: randomUUID(), userId, documentId, projectId };
        sessions.set(session.id, session);
        return send({ type: 'session_initialized', sessionId: session.id });
      }
      case 'end_session':
        if (!sessions.delete(frame.sessionId)) return send({ type: 'error', message: 'Unknown session' });
        return;
      case 'message': {
        const session = sessions.get(frame.sessionId);
        if (!session) return send({ type: 'error', message: 'Unknown session' });
        const content = frame.content.trim();
        if (!content) return send({ type: 'error', message: 'Message cannot be empty' });
        send({ type: 'message_received' });
        return this.reply(session, content, send);
      }
    }
  }

  private async reply(session: RealtimeSession, content: string, send: Send) {
    const { target, stream } = this.streams.open((soFar) => send({ type: 'message', role: 'assistant', content: soFar, isPartial: true }));
    try {
      const reply = await this.chat.send(
        session.userId,
        { content, mode: 'general', documentId: session.projectId ? null : session.documentId, projectId: session.projectId },
        { stream: target },
      );
      await stream.ended();
      const documentChat = session.projectId === null && session.documentId !== null;
      send({ type: 'message', role: 'assistant', content: reply.assistantMessage.content, isPartial: false, ...(documentChat ? { documentUpdated: reply.documentUpdated } : {}) });
    } finally {
      stream.close();
    }
  }
}
