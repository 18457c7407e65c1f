// Browse templates and documents: the read path of docs/decisions/0011-load-tests.md ("Targets").
// 50 virtual users without think time (the benchmark's 50 connections), each acting as a user with
// 100 documents, list their documents, open one, and browse the template catalogue.
//   k6 run -e BASE_URL=https://prd.example.com infra/k6/browse.js
import http from 'k6/http';
import { check } from 'k6';
import { BASE_THRESHOLDS, BASE_URL, as, createDocument, registerUsers, userOf } from './lib/stack.js';

const DOCUMENTS_PER_USER = 100;

export const options = {
  scenarios: {
    browse: { executor: 'constant-vus', vus: 50, duration: __ENV.DURATION || '1m' },
  },
  setupTimeout: '5m',
  thresholds: {
    ...BASE_THRESHOLDS,
    // Read path: p99 at most 50 ms at 50 connections.
    'http_req_duration{name:GET /api/documents}': ['p(99)<50'],
    'http_req_duration{name:GET /api/documents/:id}': ['p(99)<50'],
    'http_req_duration{name:GET /api/templates}': ['p(99)<50'],
  },
};

export function setup() {
  const users = registerUsers('browse');
  for (const user of users) {
    for (let i = 1; i <= DOCUMENTS_PER_USER; i++) {
      createDocument(user, `Browse document ${i}`, `## Problem\nDocument ${i} of the browse scenario.\n\n## Goals\n- Goal ${i}`);
    }
  }
  return { users };
}

export default function (data) {
  const user = userOf(data.users);

  const list = http.get(`${BASE_URL}/api/documents`, as(user, 'GET /api/documents'));
  check(list, {
    'documents listed (200)': (r) => r.status === 200,
    'all 100 documents listed': (r) => r.status === 200 && r.json().length === DOCUMENTS_PER_USER,
  });
  if (list.status === 200) {
    const documents = list.json();
    const picked = documents[Math.floor(Math.random() * documents.length)];
    const one = http.get(`${BASE_URL}/api/documents/${picked.id}`, as(user, 'GET /api/documents/:id'));
    check(one, { 'document opened (200)': (r) => r.status === 200 && typeof r.json('content') === 'string' });
  }

  const templates = http.get(`${BASE_URL}/api/templates`, as(user, 'GET /api/templates'));
  check(templates, { 'templates listed (200)': (r) => r.status === 200 && r.json().length > 0 });
  if (templates.status === 200) {
    const catalogue = templates.json();
    const template = catalogue[Math.floor(Math.random() * catalogue.length)];
    const detail = http.get(`${BASE_URL}/api/templates/${template.id}`, as(user, 'GET /api/templates/:id'));
    check(detail, { 'template opened (200)': (r) => r.status === 200 });
  }

  const activities = http.get(`${BASE_URL}/api/activities`, as(user, 'GET /api/activities'));
  check(activities, { 'activities listed (200)': (r) => r.status === 200 });
}
