import { randomBytes } from 'node:crypto';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  ms: number;
}

export interface RequestOptions {
  body?: unknown;
  /** A raw body sent as is (then `contentType` says what it claims to be). */
  raw?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Another address than the gateway (a service process directly). */
  base?: string;
  /** The Origin of a state-changing request: the address it goes to unless given; null sends none. */
  origin?: string | null;
}

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** One browser-like visitor: a cookie jar (just the session cookie) and JSON requests through the gateway. */
export class Visitor {
  cookie = '';
  id: number | undefined;
  username = '';

  readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    // A browser names the page's origin on every state-changing request (docs/decisions/0009-security.md); a case about origins sets its own.
    const origin = options.origin === undefined ? (options.base ?? this.base) : options.origin;
    const headers: Record<string, string> = method === 'GET' || method === 'HEAD' || origin === null ? {} : { Origin: origin };
    Object.assign(headers, options.headers);
    if (this.cookie) headers.Cookie = this.cookie;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (options.raw !== undefined) {
      body = typeof options.raw === 'string' ? options.raw : new Uint8Array(options.raw);
      if (options.contentType) headers['Content-Type'] = options.contentType;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = options.contentType ?? 'application/json';
    }
    const started = performance.now();
    const res = await fetch((options.base ?? this.base) + path, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    const text = await res.text();
    const ms = performance.now() - started;
    this.keepCookie(res);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, ms };
  }

  keepCookie(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (name !== 'prd.sid') continue;
      this.cookie = value ? `${name}=${value}` : '';
    }
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, body?: unknown, options?: RequestOptions) => this.request('POST', path, { ...options, body });
  patch = (path: string, body?: unknown, options?: RequestOptions) => this.request('PATCH', path, { ...options, body });
  put = (path: string, body?: unknown, options?: RequestOptions) => this.request('PUT', path, { ...options, body });
  delete = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);

  /** Signs up a new account (and stays logged in); `base` sends it to an identity process, past nginx's rate limit. */
  async register(prefix = 'user', base?: string): Promise<this> {
    const username = uniqueName(prefix);
    const res = await this.post('/api/register', { username, email: `${username}@example.com`, password: 'a-good-password' }, { base });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    this.id = (res.json as { id: number }).id;
    this.username = username;
    return this;
  }

  /** Becomes a guest by writing a first document (docs/decisions/0005-users-guests-and-limits.md); answers that document's id. */
  async becomeGuest(): Promise<number> {
    const res = await this.post('/api/documents', { title: 'Guest notes', content: 'A first draft' });
    if (res.status !== 201) throw new Error(`guest document failed: ${res.status} ${res.text}`);
    const me = await this.get('/api/current-user');
    this.id = (me.json as { id: number }).id;
    return (res.json as { id: number }).id;
  }
}

/** Whether an answer's body is docs/product.md §8's error body: JSON with a string message. */
export function isErrorBody(answer: Answer): boolean {
  const body = answer.json as { message?: unknown; code?: unknown } | undefined;
  return typeof body === 'object' && body !== null && typeof body.message === 'string' && (body.code === undefined || typeof body.code === 'string');
}
