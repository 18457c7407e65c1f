import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/** A registered user of the stack under measurement, with the session cookie of its sign-up. */
export interface BenchUser {
  id: number;
  username: string;
  cookie: string;
}

export interface DocumentCreated {
  id: number;
}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what} answered ${res.status} (expected ${status}): ${(await res.text()).slice(0, 300)}`);
}

/** Signs up a fresh user through the gateway (`POST /api/register`). */
export async function register(base: string, label: string): Promise<BenchUser> {
  const name = `bench${label}${randomBytes(4).toString('hex')}`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'bench-password-1' }),
  });
  await expectStatus(res, 201, 'POST /api/register');
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0];
  if (!cookie) throw new Error('POST /api/register set no session cookie');
  const { id } = (await res.json()) as { id: number };
  return { id, username: name, cookie };
}

/** POSTs JSON as the user and returns the parsed answer, failing on any other status than `status`. */
export async function postJson<T>(base: string, user: BenchUser, route: string, body: unknown, status = 201): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: user.cookie, Origin: base },
    body: JSON.stringify(body),
  });
  await expectStatus(res, status, `POST ${route}`);
  return (await res.json()) as T;
}

export function createDocument(base: string, user: BenchUser, title: string, content: string): Promise<DocumentCreated> {
  return postJson<DocumentCreated>(base, user, '/api/documents', { title, content });
}

/** Opens a WebSocket through the gateway with the user's session cookie. */
export function openSocket(base: string, path: string, user: BenchUser): Promise<WebSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, { headers: { Cookie: user.cookie, Origin: base } });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`${path} refused the upgrade with ${res.statusCode}`)));
  });
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes of one machine. */
export const nowMs = () => performance.timeOrigin + performance.now();

/** How long a push may take before it counts as never arrived. */
const PUSH_WAIT_MS = 5_000;

/** The next message of `type` on the socket with the moment it arrived (`nowMs`), or null after PUSH_WAIT_MS. */
export function nextMessage<T extends { type?: string }>(socket: WebSocket, type: string): Promise<{ at: number; message: T } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage);
      resolve(null);
    }, PUSH_WAIT_MS);
    const onMessage = (data: WebSocket.RawData) => {
      const at = nowMs();
      const message = JSON.parse(String(data)) as T;
      if (message.type !== type) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve({ at, message });
    };
    socket.on('message', onMessage);
  });
}
