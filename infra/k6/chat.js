// Chat: a user opens a thread and talks in general mode (POST /api/chat), as the chat page does.
// Against a real provider the latency is mostly the provider's; point the stack's chat service at a
// zero-latency OpenAI-compatible server and pass ZERO_LATENCY_PROVIDER=true to hold the product to
// docs/decisions/0011-load-tests.md's AI-path targets. Registered users have USER_MESSAGES_LIMIT AI messages a month
// (200 by default): set it empty (unlimited) on the stack under test, or the run ends in 429s.
//   k6 run -e BASE_URL=https://prd.example.com -e ZERO_LATENCY_PROVIDER=true infra/k6/chat.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_THRESHOLDS, BASE_URL, ZERO_LATENCY_PROVIDER, as, registerUsers, userOf } from './lib/stack.js';

const QUESTIONS = [
  'Suggest three measurable goals for a PRD editor.',
  'What acceptance criteria would you write for exporting a document to Word?',
  'Which risks should a product team list before launching AI chat?',
];

export const options = {
  scenarios: {
    // One request at a time per VU: the latency the product adds, without queueing behind other replies.
    latency: { executor: 'constant-vus', vus: 1, duration: __ENV.DURATION || '1m', exec: 'talk' },
    // Several conversations at once: replies per second.
    throughput: { executor: 'constant-vus', vus: 10, duration: __ENV.DURATION || '1m', startTime: __ENV.DURATION || '1m', exec: 'talk' },
  },
  thresholds: {
    ...BASE_THRESHOLDS,
    ...(ZERO_LATENCY_PROVIDER ? { 'http_req_duration{name:POST /api/chat,scenario:latency}': ['p(50)<15', 'p(99)<60'] } : {}),
  },
};

export function setup() {
  return { users: registerUsers('chat') };
}

let threadId = null;

export function talk(data) {
  const user = userOf(data.users);
  if (threadId === null) {
    const thread = http.post(`${BASE_URL}/api/chat/threads`, JSON.stringify({ title: `k6 thread ${__VU}` }), as(user, 'POST /api/chat/threads'));
    check(thread, { 'thread created (201)': (r) => r.status === 201 });
    if (thread.status !== 201) return;
    threadId = thread.json('id');
  }
  const content = QUESTIONS[__ITER % QUESTIONS.length];
  const res = http.post(`${BASE_URL}/api/chat`, JSON.stringify({ content, mode: 'general', threadId }), as(user, 'POST /api/chat'));
  check(res, {
    'reply received (200)': (r) => r.status === 200,
    'reply is the assistant message': (r) => r.status === 200 && r.json('assistantMessage.role') === 'assistant' && r.json('assistantMessage.content').length > 0,
  });
  if (!ZERO_LATENCY_PROVIDER) sleep(1);
}

/** What `k6 run --vus N --duration D chat.js` runs (those flags replace the scenarios). */
export default function (data) {
  talk(data);
}
