import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { WebSocketService } from '@prd/kit';
import { realtimeClientMessageSchema, type RealtimeClientMessage, type RealtimeServerMessage } from '@prd/proto';

interface RealtimeSession {
  id: string;
  userId: number;
  documentId: number | null;
  projectId: number | null;
}

/** The realtime chat channel `/ws` (SPEC §7): sessions scoped to the socket's own user. */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap {
  constructor(private readonly websockets: WebSocketService) {}

  onApplicationBootstrap() {
    this.websockets.serve('/ws', (socket, { userId }) => this.attach(socket, userId));
  }

  private attach(socket: WebSocket, userId: number) {
    const sessions = new Map<string, RealtimeSession>();
    const send = (message: RealtimeServerMessage) => socket.send(JSON.stringify(message));
    socket.on('message', (data) => {
      let frame: RealtimeClientMessage;
      try {
        frame = realtimeClientMessageSchema.parse(JSON.parse(String(data)));
      } catch {
        return send({ type: 'error', message: 'Invalid message' });
      }
      this.handle(frame, userId, sessions, send);
    });
    socket.on('close', () => sessions.clear());
  }

  private handle(frame: RealtimeClientMessage, userId: number, sessions: Map<string, RealtimeSession>, send: (m: RealtimeServerMessage) => void) {
    switch (frame.type) {
      case 'init_session': {
        if (frame.userId !== userId) return send({ type: 'error', message: 'Session does not belong to this user' });
        const session = { id: randomUUID(), userId, documentId: frame.documentId ?? null, projectId: frame.projectId ?? null };
        sessions.set(session.id, session);
        return send({ type: 'session_initialized', sessionId: session.id });
      }
      case 'end_session':
        if (!sessions.delete(frame.sessionId)) return send({ type: 'error', message: 'Unknown session' });
        return;
      case 'message':
        if (!sessions.has(frame.sessionId)) return send({ type: 'error', message: 'Unknown session' });
        return send({ type: 'error', message: 'Realtime replies are not available on this server' });
    }
  }
}
