// Create and edit documents: each iteration creates a document, edits its content twice (each edit
// stores a revision), renames it, reads its revisions, and deletes it again so the list stays short.
//   k6 run -e BASE_URL=https://prd.example.com infra/k6/documents.js
import http from 'k6/http';
import { check, sleep } from 'k6';
import { BASE_THRESHOLDS, BASE_URL, as, createDocument, registerUsers, userOf } from './lib/stack.js';

export const options = {
  scenarios: {
    // Writers pause between actions like people typing; the arrival rate ramps up to find the knee.
    write: {
      executor: 'ramping-vus',
      startVUs: 1,
      stages: [
        { duration: '30s', target: 20 },
        { duration: __ENV.DURATION || '1m', target: 20 },
        { duration: '15s', target: 0 },
      ],
    },
  },
  thresholds: {
    ...BASE_THRESHOLDS,
    // docs/decisions/0011-load-tests.md sets no target for writes; these keep an editor's save feeling instant.
    'http_req_duration{name:POST /api/documents}': ['p(95)<100'],
    'http_req_duration{name:PATCH /api/documents/:id}': ['p(95)<100'],
  },
};

export function setup() {
  return { users: registerUsers('writer') };
}

export default function (data) {
  const user = userOf(data.users);
  const id = createDocument(user, `Load test PRD ${__VU}-${__ITER}`, '# Load test PRD\n\n## Problem\nTeams lose time.\n');
  if (id === null) return;
  const url = `${BASE_URL}/api/documents/${id}`;
  sleep(0.5);

  for (let edit = 1; edit <= 2; edit++) {
    const content = `# Load test PRD\n\n## Problem\nTeams lose time.\n\n## Goals\n${'- Measurable goal\n'.repeat(edit * 5)}`;
    const res = http.patch(url, JSON.stringify({ content }), as(user, 'PATCH /api/documents/:id'));
    check(res, { 'content saved (200)': (r) => r.status === 200 && r.json('content') === content });
    sleep(0.5);
  }

  const renamed = http.patch(url, JSON.stringify({ title: `Renamed PRD ${__VU}-${__ITER}` }), as(user, 'PATCH /api/documents/:id'));
  check(renamed, { 'title saved (200)': (r) => r.status === 200 });

  const revisions = http.get(`${url}/revisions`, as(user, 'GET /api/documents/:id/revisions'));
  check(revisions, { 'two revisions kept': (r) => r.status === 200 && r.json().length === 2 });

  const removed = http.del(url, null, as(user, 'DELETE /api/documents/:id'));
  check(removed, { 'document deleted (200)': (r) => r.status === 200 });
}
