import type { RealtimeClientMessage, RealtimeServerMessage } from '@prd/proto';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../app/toast';

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'failed';

export interface RealtimeHandlers {
  /** An assistant message: partials carry the whole reply so far (replace, do not append). */
  onAssistant: (content: string, isPartial: boolean) => void;
  /** The server refused or failed a frame. */
  onError: (message: string) => void;
  /** The socket closed while it was in use. */
  onDisconnect: () => void;
}

interface Options {
  active: boolean;
  userId: number | null;
  projectId: number;
  projectName?: string;
}

const realtimeUrl = (): string => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;

const KNOWN_TYPES = new Set<string>(['session_initialized', 'message', 'message_received', 'error']);

function parseFrame(data: unknown): RealtimeServerMessage | null {
  try {
    const frame: unknown = JSON.parse(String(data));
    if (typeof frame !== 'object' || frame === null || !('type' in frame) || typeof frame.type !== 'string') return null;
    if (!KNOWN_TYPES.has(frame.type)) {
      console.warn('Ignored a realtime message of unknown type', frame.type);
      return null;
    }
    return frame as RealtimeServerMessage;
  } catch {
    console.warn('Ignored an unreadable realtime message');
    return null;
  }
}

/**
 * The realtime `/ws` chat of SPEC §4, §7: connects while `active` (init_session → session_initialized,
 * 'Realtime Chat Active'), sends messages in the session, and ends it (end_session, then close) when
 * inactive. `send` answers false when no session is open, so the caller can fall back to HTTP.
 */
export function useRealtimeChat({ active, userId, projectId, projectName }: Options, handlers: RealtimeHandlers) {
  const toast = useToast();
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  const socketRef = useRef<WebSocket | null>(null);
  const sessionRef = useRef<string | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const nameRef = useRef(projectName);
  nameRef.current = projectName;

  useEffect(() => {
    if (!active || userId === null) return undefined;
    let endedByUs = false;
    let socket: WebSocket;
    try {
      socket = new WebSocket(realtimeUrl());
    } catch {
      toast.error('Connection Error', 'Failed to setup realtime chat');
      setStatus('failed');
      return undefined;
    }
    socketRef.current = socket;
    setStatus('connecting');
    const sendFrame = (frame: RealtimeClientMessage) => socket.send(JSON.stringify(frame));

    socket.addEventListener('open', () => sendFrame({ type: 'init_session', userId, projectId, documentTitle: nameRef.current }));
    socket.addEventListener('message', (event: MessageEvent<unknown>) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      switch (frame.type) {
        case 'session_initialized':
          sessionRef.current = frame.sessionId;
          setStatus('connected');
          toast.success('Realtime Chat Active', "You're now connected to realtime chat mode");
          return;
        case 'message':
          if (frame.role === 'assistant') handlersRef.current.onAssistant(frame.content, frame.isPartial);
          return;
        case 'error':
          handlersRef.current.onError(frame.message);
          return;
        case 'message_received':
          return;
      }
    });
    socket.addEventListener('error', () => {
      if (!sessionRef.current) toast.error('Connection Error', 'Could not establish realtime chat connection');
    });
    socket.addEventListener('close', () => {
      const hadSession = sessionRef.current !== null;
      sessionRef.current = null;
      if (socketRef.current === socket) socketRef.current = null;
      if (endedByUs) return;
      setStatus('failed');
      if (hadSession) handlersRef.current.onDisconnect();
    });

    return () => {
      endedByUs = true;
      const sessionId = sessionRef.current;
      if (sessionId && socket.readyState === WebSocket.OPEN) sendFrame({ type: 'end_session', sessionId });
      sessionRef.current = null;
      socketRef.current = null;
      socket.close();
      setStatus('idle');
    };
  }, [active, userId, projectId, toast]);

  const send = useCallback((content: string): boolean => {
    const socket = socketRef.current;
    const sessionId = sessionRef.current;
    if (!socket || !sessionId || socket.readyState !== WebSocket.OPEN) return false;
    try {
      socket.send(JSON.stringify({ type: 'message', sessionId, content } satisfies RealtimeClientMessage));
      return true;
    } catch {
      return false;
    }
  }, []);

  return { status, send };
}
