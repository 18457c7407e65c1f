import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/state/error-dialogs-middleware';
import { useToast } from '../../shared/toast/toast';
import { useCreateVoiceTokenMutation } from '../chat/chat-api';

/** docs/product.md §5: the voice connection's states. */
export type VoiceState = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface TranscriptLine {
  key: number;
  speaker: 'you' | 'assistant';
  text: string;
}

/** The events of an OpenAI-compatible realtime session that carry what was said, on its `oai-events` data channel. */
function transcriptOf(raw: unknown): Omit<TranscriptLine, 'key'> | null {
  try {
    const event = JSON.parse(String(raw)) as { type?: unknown; transcript?: unknown };
    if (typeof event.transcript !== 'string' || !event.transcript.trim()) return null;
    if (event.type === 'conversation.item.input_audio_transcription.completed') return { speaker: 'you', text: event.transcript };
    if (event.type === 'response.audio_transcript.done') return { speaker: 'assistant', text: event.transcript };
    return null;
  } catch {
    return null;
  }
}

/**
 * A realtime voice session about one document (docs/product.md §4, §7): a secret from `GET /api/realtime/session-token`,
 * the microphone, and a WebRTC peer connection whose SDP offer goes to the provider's realtime endpoint named in
 * the secret's answer; the answer's audio plays in `audio`, the transcript arrives on the data channel. Refused
 * microphone, a failed connection and a server error each get the toast of docs/product.md §8.
 */
export function useRealtimeVoice(documentId: number) {
  const toast = useToast();
  const [createToken] = useCreateVoiceTokenMutation();
  const [state, setState] = useState<VoiceState>('disconnected');
  const [transcript, setTranscript] = useState<TranscriptLine[]>([]);
  /** Plays the AI's voice; made in code, not rendered, since the transcript beside it is the call's text. */
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const session = useRef<{ pc: RTCPeerConnection; microphone: MediaStream | null } | null>(null);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    current?.microphone?.getTracks().forEach((track) => track.stop());
    current?.pc.close();
    if (audioRef.current) audioRef.current.srcObject = null;
  }, []);

  const fail = useCallback(
    (title: string, description: string) => {
      release();
      setState('failed');
      toast.error(title, description);
    },
    [release, toast],
  );

  const connect = useCallback(async () => {
    release();
    setTranscript([]);
    setState('connecting');
    const pc = new RTCPeerConnection();
    const current = { pc, microphone: null as MediaStream | null };
    session.current = current;
    const stale = () => session.current !== current;

    let token;
    try {
      token = await createToken(documentId).unwrap();
    } catch (error) {
      if (!stale()) fail('Server error', errorMessage(error));
      return;
    }
    try {
      current.microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (!stale()) fail('Microphone access denied', 'Allow this site to use your microphone to talk with the AI.');
      return;
    }
    if (stale()) return current.microphone.getTracks().forEach((track) => track.stop());

    pc.ontrack = (event) => {
      const audio = (audioRef.current ??= new Audio());
      audio.autoplay = true;
      audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    };
    pc.onconnectionstatechange = () => {
      if (stale()) return;
      if (pc.connectionState === 'connected') setState('connected');
      else if (pc.connectionState === 'failed') fail('Connection failed', 'The voice connection to the AI was lost.');
    };
    for (const track of current.microphone.getTracks()) pc.addTrack(track, current.microphone);
    const events = pc.createDataChannel('oai-events');
    events.onmessage = (event) => {
      const line = transcriptOf(event.data);
      if (line) setTranscript((lines) => [...lines, { key: lines.length, ...line }]);
    };

    try {
      await pc.setLocalDescription(await pc.createOffer());
      const answer = await fetch(token.url, {
        method: 'POST',
        body: pc.localDescription?.sdp,
        headers: { Authorization: `Bearer ${token.client_secret.value}`, 'Content-Type': 'application/sdp' },
      });
      if (!answer.ok) throw new Error(`the realtime server answered ${answer.status}`);
      if (stale()) return;
      await pc.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
    } catch {
      if (!stale()) fail('Connection failed', 'Could not connect to the realtime voice server.');
    }
  }, [createToken, documentId, fail, release]);

  const hangUp = useCallback(() => {
    release();
    setState('disconnected');
  }, [release]);

  // Leaving the page ends the call.
  useEffect(() => release, [release]);

  return { state, transcript, connect, hangUp };
}
