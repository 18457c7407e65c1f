// Shared helpers of the k6 scenarios: where the stack is, how a scenario gets its users.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

/** The deployed stack's public address (the gateway or the Ingress), e.g. `k6 run -e BASE_URL=https://prd.example.com`. */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
export const WS_URL = BASE_URL.replace(/^http/, 'ws');

/**
 * Users a scenario signs up in `setup()`. Sign-ups are rate-limited per client address (nginx:
 * 60 a minute; identity: REGISTRATIONS_PER_ADDRESS_PER_HOUR, 20 by default), and one k6 machine
 * is one address: keep USERS small or raise that variable on the stack under test.
 */
export const USERS = Number(__ENV.USERS || 5);

/**
 * Set ZERO_LATENCY_PROVIDER=true when the stack's chat service points at a zero-latency
 * OpenAI-compatible server (OPENAI_BASE_URL; infra/bench/openai-stub.ts is one): only then is the
 * AI path's latency all the product's, and the AI latency thresholds of docs/decisions/0011-load-tests.md apply.
 */
export const ZERO_LATENCY_PROVIDER = __ENV.ZERO_LATENCY_PROVIDER === 'true';

export const SESSION_COOKIE = 'prd.sid';

/** Failure budget of every scenario: under 1 % failed requests and checks. */
export const BASE_THRESHOLDS = {
  http_req_failed: ['rate<0.01'],
  checks: ['rate>0.99'],
};

function randomSuffix() {
  return Math.random().toString(36).slice(2, 10);
}

/** Signs up one user and returns its id and its session cookie (to send as a header: setup's cookie jar is not the VUs'). */
export function registerUser(label) {
  const name = `k6${label}${randomSuffix()}`;
  const res = http.post(`${BASE_URL}/api/register`, JSON.stringify({ username: name, email: `${name}@example.com`, password: 'k6-load-password' }), {
    headers: { 'Content-Type': 'application/json' },
    tags: { name: 'POST /api/register' },
  });
  if (!check(res, { 'sign-up answered 201': (r) => r.status === 201 })) fail(`POST /api/register answered ${res.status}: ${res.body}`);
  const session = res.cookies[SESSION_COOKIE];
  if (!session || session.length === 0) fail('POST /api/register set no session cookie');
  return { id: res.json('id'), cookie: `${SESSION_COOKIE}=${session[0].value}` };
}

/** `USERS` fresh users, spaced so that nginx's sign-up limit is never hit. */
export function registerUsers(label) {
  const users = [];
  for (let i = 0; i < USERS; i++) {
    users.push(registerUser(label));
    sleep(0.2);
  }
  return users;
}

/** The user this virtual user acts as: VUs share the users round-robin. */
export function userOf(users) {
  return users[(__VU - 1) % users.length];
}

/** Request parameters acting as `user`, tagged with a route name so thresholds can target one route. */
export function as(user, name) {
  return { headers: { 'Content-Type': 'application/json', Cookie: user.cookie }, tags: { name } };
}

export function createDocument(user, title, content) {
  const res = http.post(`${BASE_URL}/api/documents`, JSON.stringify({ title, content }), as(user, 'POST /api/documents'));
  check(res, { 'document created (201)': (r) => r.status === 201 });
  return res.status === 201 ? res.json('id') : null;
}
