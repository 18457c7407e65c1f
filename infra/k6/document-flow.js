// Document flow: a user picks a template, starts a guided document (POST /api/document-flow/start)
// and answers the assistant section by section (POST /api/document-flow/message), as the document
// flow page does; every answer is written into the document. With the offline assistant (no
// provider key on the stack) the flow is deterministic; with a provider, it costs AI messages
// (USER_MESSAGES_LIMIT, see chat.js).
//   k6 run -e BASE_URL=https://prd.example.com infra/k6/document-flow.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_THRESHOLDS, BASE_URL, as, registerUsers, userOf } from './lib/stack.js';

const ANSWERS = [
  'Product managers spend hours assembling requirements from scattered notes.',
  'Cut the time to an approved PRD by 30% within one quarter.',
  'As a product manager, I want a guided outline, so that no section is forgotten.',
  'Exports open in Word without losing headings, lists or tables.',
];
const MAX_STEPS = 6;

export const options = {
  scenarios: {
    flow: { executor: 'constant-vus', vus: 5, duration: __ENV.DURATION || '1m' },
  },
  thresholds: {
    ...BASE_THRESHOLDS,
    'http_req_duration{name:GET /api/templates}': ['p(99)<50'],
  },
};

export function setup() {
  const templates = http.get(`${BASE_URL}/api/templates`, { tags: { name: 'GET /api/templates' } });
  if (templates.status !== 200 || templates.json().length === 0) throw new Error(`GET /api/templates answered ${templates.status}`);
  return { users: registerUsers('flow'), templateIds: templates.json().map((t) => t.id) };
}

export default function (data) {
  const user = userOf(data.users);
  const templateId = data.templateIds[__ITER % data.templateIds.length];
  const started = http.post(
    `${BASE_URL}/api/document-flow/start`,
    JSON.stringify({ templateId, title: `Guided PRD ${__VU}-${__ITER}`, mode: 'ai-assisted' }),
    as(user, 'POST /api/document-flow/start'),
  );
  check(started, { 'flow started (200)': (r) => r.status === 200 && r.json('document.id') > 0 });
  if (started.status !== 200) return;
  const documentId = started.json('document.id');
  let complete = started.json('isComplete');

  for (let step = 0; !complete && step < MAX_STEPS; step++) {
    sleep(1);
    const res = http.post(
      `${BASE_URL}/api/document-flow/message`,
      JSON.stringify({ documentId, content: ANSWERS[step % ANSWERS.length] }),
      as(user, 'POST /api/document-flow/message'),
    );
    check(res, { 'answer taken (200)': (r) => r.status === 200 && r.json('assistantMessage.content').length > 0 });
    if (res.status !== 200) return;
    complete = res.json('isComplete');
  }

  const document = http.get(`${BASE_URL}/api/documents/${documentId}`, as(user, 'GET /api/documents/:id'));
  // The offline assistant writes the answers verbatim; a model rephrases them, so only their presence is checked.
  check(document, { 'the flow wrote the document': (r) => r.status === 200 && r.json('content').length > 0 });
}
