import type { RealtimeClientMessage, RealtimeServerMessage } from '@prd/proto';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../shared/toast/toast';

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface RealtimeHandlers {
  /** An assistant message: partials carry the whole reply so far (replace, do not append); a document's final one says whether it changed the document. */
  onAssistant: (content: string, isPartial: boolean, documentUpdated: boolean) => void;
  /** The server refused or failed a frame. */
  onError: (message: string) => void;
  /** The socket closed while it was in use. */
  onDisconnect: () => void;
}

/** What the session talks about: a project (with all its documents) or one document. */
export type RealtimeScope = { projectId: number } | { documentId: number };

interface Options {
  /** Connect only while the chat is shown and the user and the scope's data are loaded (docs/product.md §5). */
  active: boolean;
  userId: number | null;
  scope: RealtimeScope;
  /** docs/product.md §7's init_session fields: the document's title or the project's name, and its context. */
  documentTitle: string;
  /** Read as the session starts: a document's live text is the one it has then. */
  documentContext: () => string;
}

/** Waits before reconnecting a dropped socket: 1 s, doubling up to 16 s. */
const retryDelayMs = (attempt: number): number => Math.min(16_000, 1_000 * 2 ** attempt);

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
 * The realtime `/ws` chat of docs/product.md §4, §7: connects while `active` (init_session with the SPEC's
 * `{userId, documentId, documentTitle, documentContext}`, plus the project's id for a project → session_initialized,
 * 'Realtime Chat Active'), sends messages in the session, and ends it (end_session, then close) when
 * inactive. A dropped socket shows 'reconnecting' and is retried. `send` answers false, after the
 * docs/product.md §8 toast, when no message could go out, so the caller can deliver it another way.
 */
export function useRealtimeChat({ active, userId, scope, documentTitle, documentContext }: Options, handlers: RealtimeHandlers) {
  const toast = useToast();
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  /** Failed connections since the last open session; each retry bumps `generation`, which re-runs the connecting effect. */
  const failures = useRef(0);
  const [generation, setGeneration] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const sessionRef = useRef<string | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const initRef = useRef({ documentTitle, documentContext });
  initRef.current = { documentTitle, documentContext };
  // The effect depends on the ids, not on the scope object a caller makes anew at each render.
  const projectId = 'projectId' in scope ? scope.projectId : null;
  const documentId = 'documentId' in scope ? scope.documentId : null;

  useEffect(() => {
    if (!active || userId === null) return undefined;
    let endedByUs = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket;
    try {
      socket = new WebSocket(realtimeUrl());
    } catch {
      toast.error('Connection Error', 'Failed to setup realtime chat');
      setStatus('failed');
      return undefined;
    }
    socketRef.current = socket;
    setStatus(failures.current === 0 ? 'connecting' : 'reconnecting');
    const sendFrame = (frame: RealtimeClientMessage) => socket.send(JSON.stringify(frame));

    socket.addEventListener('open', () => {
      const { documentTitle: title, documentContext: context } = initRef.current;
      sendFrame({ type: 'init_session', userId, documentId, documentTitle: title, documentContext: context(), ...(projectId === null ? {} : { projectId }) });
    });
    socket.addEventListener('message', (event: MessageEvent<unknown>) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      switch (frame.type) {
        case 'session_initialized':
          sessionRef.current = frame.sessionId;
          setStatus('connected');
          failures.current = 0;
          toast.success('Realtime Chat Active', "You're now connected to realtime chat mode");
          return;
        case 'message':
          if (frame.role === 'assistant') handlersRef.current.onAssistant(frame.content, frame.isPartial, frame.documentUpdated === true);
          return;
        case 'error':
          if (sessionRef.current === null) {
            // The server refused to start the session (init_session): the socket is of no use, and is retried like a dropped one.
            if (failures.current === 0) toast.error('Connection Error', 'Failed to setup realtime chat');
            socket.close();
            return;
          }
          handlersRef.current.onError(frame.message);
          return;
        case 'message_received':
          return;
      }
    });
    socket.addEventListener('error', () => {
      // Once per outage: the retries that follow stay quiet.
      if (!sessionRef.current && failures.current === 0) toast.error('Connection Error', 'Could not establish realtime chat connection');
    });
    socket.addEventListener('close', () => {
      const hadSession = sessionRef.current !== null;
      sessionRef.current = null;
      if (socketRef.current === socket) socketRef.current = null;
      if (endedByUs) return;
      setStatus('reconnecting');
      if (hadSession) handlersRef.current.onDisconnect();
      if (hadSession) failures.current = 0;
      retry = setTimeout(() => setGeneration((n) => n + 1), retryDelayMs(failures.current));
      failures.current += 1;
    });

    return () => {
      endedByUs = true;
      clearTimeout(retry);
      const sessionId = sessionRef.current;
      if (sessionId && socket.readyState === WebSocket.OPEN) sendFrame({ type: 'end_session', sessionId });
      sessionRef.current = null;
      socketRef.current = null;
      socket.close();
      setStatus('idle');
    };
  }, [active, userId, projectId, documentId, generation, toast]);

  const send = useCallback(
    (content: string): boolean => {
      const socket = socketRef.current;
      const sessionId = sessionRef.current;
      if (!socket || !sessionId || socket.readyState !== WebSocket.OPEN) {
        toast.error('Connection Error', 'Not connected to realtime chat');
        return false;
      }
      try {
        socket.send(JSON.stringify({ type: 'message', sessionId, content } satisfies RealtimeClientMessage));
        return true;
      } catch {
        toast.error('Message Error', 'Failed to send message');
        return false;
      }
    },
    [toast],
  );

  return { status, send };
}
