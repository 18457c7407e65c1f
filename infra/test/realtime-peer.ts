// The realtime voice side of the test provider (infra/test/slow-provider.ts), an OpenAI-compatible stand-in on
// werift, a WebRTC implementation in TypeScript: `POST /v1/realtime/sessions` mints an ephemeral secret, and
// `POST /v1/realtime?model=` takes the browser's SDP offer with it and answers as a peer that plays the
// microphone's audio back and sends a transcript of each side over the `oai-events` data channel.
// A user's key that contains "refuse" gets no session; one that contains "nosdp" gets a secret whose offer is refused.
import type http from 'node:http';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';

/** What the test peer says, as the transcript events of OpenAI's realtime API (web/e2e/document-voice-chat.e2e.ts expects these words). */
const PEER_TRANSCRIPT = { user: 'What should the goals say?', assistant: 'Hello from the realtime test peer.' };

const peers = new Set<RTCPeerConnection>();

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...cors }).end(JSON.stringify(body));
}

/** The peer's side of one call: the answer to `offer`, audio echoed back, both transcripts once the channel opens. */
async function answer(offer: string): Promise<string> {
  const pc = new RTCPeerConnection({});
  peers.add(pc);
  const echo = new MediaStreamTrack({ kind: 'audio' });
  pc.addTrack(echo);
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => echo.writeRtp(rtp)));
  pc.onDataChannel.subscribe((channel) => {
    channel.stateChanged.subscribe((state) => {
      if (state !== 'open') return;
      channel.send(JSON.stringify({ type: 'conversation.item.input_audio_transcription.completed', transcript: PEER_TRANSCRIPT.user }));
      channel.send(JSON.stringify({ type: 'response.audio_transcript.done', transcript: PEER_TRANSCRIPT.assistant }));
    });
  });
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'closed' || state === 'failed') peers.delete(pc);
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  return pc.localDescription!.sdp;
}

/** Handles the realtime routes; false for any other request, which the caller answers. */
export function handleRealtime(req: http.IncomingMessage, res: http.ServerResponse, body: string): boolean {
  const url = new URL(req.url ?? '/', 'http://provider');
  if (req.method === 'OPTIONS' && url.pathname.endsWith('/realtime')) {
    res.writeHead(204, cors).end();
    return true;
  }
  if (req.method !== 'POST') return false;
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (url.pathname.endsWith('/realtime/sessions')) {
    if (bearer.includes('refuse')) json(res, 401, { error: { message: 'Incorrect API key provided' } });
    else json(res, 200, { client_secret: { value: `ek_peer_${bearer.includes('nosdp') ? 'nosdp_' : ''}${Date.now()}`, expires_at: Math.floor(Date.now() / 1000) + 60 } });
    return true;
  }
  if (url.pathname.endsWith('/realtime')) {
    if (!bearer.startsWith('ek_peer_') || bearer.includes('nosdp')) {
      json(res, 401, { error: { message: 'Invalid ephemeral key' } });
      return true;
    }
    answer(body).then(
      (sdp) => res.writeHead(201, { 'Content-Type': 'application/sdp', ...cors }).end(sdp),
      (err: unknown) => json(res, 400, { error: { message: err instanceof Error ? err.message : 'bad offer' } }),
    );
    return true;
  }
  return false;
}

export async function closePeers(): Promise<void> {
  await Promise.all([...peers].map((pc) => pc.close()));
}
