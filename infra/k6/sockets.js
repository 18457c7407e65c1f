// Sockets: the two WebSocket channels under load.
// - /ws-general: with the user's socket open, a document is created (one unit of usage); the
//   `usage_update` push must arrive within 50 ms at p99 of the POST being sent (docs/decisions/0011-load-tests.md).
//   Delays are signed and never clamped; the delay from identity's commit (the push's `committedAt`)
//   is kept beside it (meaningful where the load generator's clock is the server's, e.g. on one machine).
// - /ws: a realtime chat session (init_session, message) streams partial replies; the time from
//   sending to the first partial is kept. With a zero-latency provider (ZERO_LATENCY_PROVIDER=true)
//   it is bounded by the AI path's budget (p99 60 ms) plus the partial's own (30 ms).
//   k6 run -e BASE_URL=https://prd.example.com infra/k6/sockets.js
import http from 'k6/http';
import ws from 'k6/ws';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { BASE_THRESHOLDS, BASE_URL, WS_URL, ZERO_LATENCY_PROVIDER, as, registerUsers, userOf } from './lib/stack.js';

const usagePush = new Trend('usage_push_from_send', true);
const usagePushFromCommit = new Trend('usage_push_from_commit', true);
const pushesMissing = new Counter('usage_pushes_missing');
const firstPartial = new Trend('realtime_first_partial', true);

export const options = {
  scenarios: {
    usage_push: { executor: 'constant-vus', vus: 10, duration: __ENV.DURATION || '1m', exec: 'pushAfterConsumption' },
    realtime: { executor: 'constant-vus', vus: 5, duration: __ENV.DURATION || '1m', exec: 'realtimeChat' },
  },
  thresholds: {
    ...BASE_THRESHOLDS,
    usage_push_from_send: ['p(99)<50'],
    usage_pushes_missing: ['count<1'],
    ...(ZERO_LATENCY_PROVIDER ? { realtime_first_partial: ['p(99)<90'] } : {}),
  },
};

export function setup() {
  return { users: registerUsers('socket') };
}

/** Opens /ws-general, creates a document, and times the push from the moment the POST was sent. */
export function pushAfterConsumption(data) {
  const user = userOf(data.users);
  let sentAt = 0;
  let answeredAt = 0;
  let pushedAt = 0;
  let committedAt = 0;
  const res = ws.connect(`${WS_URL}/ws-general`, { headers: { Cookie: user.cookie }, tags: { name: 'WS /ws-general' } }, (socket) => {
    socket.on('open', () => {
      sentAt = Date.now();
      const created = http.post(
        `${BASE_URL}/api/documents`,
        JSON.stringify({ title: `Usage push ${__VU}-${__ITER}`, content: 'Counts as one document of the month.' }),
        as(user, 'POST /api/documents'),
      );
      check(created, { 'document created (201)': (r) => r.status === 201 });
      answeredAt = Date.now();
      if (pushedAt > 0) socket.close();
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(raw);
      if (message.type !== 'usage_update') return;
      pushedAt = Date.now();
      committedAt = message.committedAt || 0;
      if (answeredAt > 0) socket.close();
    });
    socket.setTimeout(() => socket.close(), 5000);
  });
  check(res, { '/ws-general upgraded (101)': (r) => r && r.status === 101 });
  if (pushedAt > 0 && answeredAt > 0) {
    usagePush.add(pushedAt - sentAt);
    if (committedAt > 0) usagePushFromCommit.add(pushedAt - committedAt);
  } else pushesMissing.add(1);
}

/** A realtime session on /ws: the first partial of the reply is timed from the message's sending. */
export function realtimeChat(data) {
  const user = userOf(data.users);
  let sentAt = 0;
  let partialSeen = false;
  let replied = false;
  const res = ws.connect(`${WS_URL}/ws`, { headers: { Cookie: user.cookie }, tags: { name: 'WS /ws' } }, (socket) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'init_session', userId: user.id })));
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw);
      if (frame.type === 'session_initialized') {
        sentAt = Date.now();
        socket.send(JSON.stringify({ type: 'message', sessionId: frame.sessionId, content: 'Suggest one measurable goal for a PRD editor.' }));
      } else if (frame.type === 'message' && frame.role === 'assistant') {
        if (frame.isPartial && !partialSeen) {
          partialSeen = true;
          firstPartial.add(Date.now() - sentAt);
        }
        if (!frame.isPartial) {
          replied = true;
          socket.close();
        }
      } else if (frame.type === 'error') {
        socket.close();
      }
    });
    socket.setTimeout(() => socket.close(), 30000);
  });
  check(res, { '/ws upgraded (101)': (r) => r && r.status === 101 });
  check(replied, { 'realtime reply completed': (done) => done });
}

/** Both channels in turn: what `k6 run --vus N --duration D sockets.js` runs (those flags replace the scenarios). */
export default function (data) {
  pushAfterConsumption(data);
  realtimeChat(data);
}
