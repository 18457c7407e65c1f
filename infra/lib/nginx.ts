import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from './paths.ts';
import { startProcess, type Managed } from './process.ts';

export const GATEWAY_TEMPLATE = fromRoot('gateway/nginx/gateway.conf.template');

/** envsubst semantics: `${NAME}` is replaced; an unknown name is an error here rather than an empty string. */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`gateway template variable ${name} has no value`);
    return value;
  });
}

export const servers = (ports: number[]) => ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join(' ');

export interface GatewayOptions {
  dir: string;
  port: number;
  webRoot: string;
  upstreams: { identity: number[]; content: number[]; chat: number[]; export: number[] };
  /** Loopback ports of the services' internal addresses (their own `server` blocks, never the public one). */
  internal?: { identity: number; content: number; chat: number; export: number };
  /** AI_REPLY_TIMEOUT_S as the chat service is given it: nginx waits that long for a reply (docs/decisions/0014-streaming-replies.md). */
  replyTimeoutS: string;
  /** OPENAI_BASE_URL's origin: the Content-Security-Policy lets the page send a voice session's WebRTC offer there. */
  realtimeOrigin: string;
}

/**
 * The local stand-in for a Kubernetes Service: one loopback listener per service that spreads the other
 * services' calls over its replicas and moves a call that cannot connect on to a live one. Internal
 * tokens pass through here (the public listener blanks them).
 */
export function internalServers(internal: NonNullable<GatewayOptions['internal']>): string {
  return Object.entries(internal)
    .map(
      ([upstream, port]) => `server {
    listen 127.0.0.1:${port};
    access_log off;
    client_max_body_size 16m;
    # Bodies stay in memory: one spilled to a temp file (past the default buffer of two pages) reached the service about
    # 40 ms late (a delayed-ACK wait), so every AI save of a document over about 10 KB took ~50 ms instead of ~10.
    client_body_buffer_size 16m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_connect_timeout 2s;
    proxy_read_timeout 180s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    location / { proxy_pass http://${upstream}; }
  }`,
    )
    .join('\n  ');
}

/** Writes the main nginx.conf for a plain-process nginx whose files all live under `dir`. */
export function writeGatewayConfig({ dir, port, webRoot, upstreams, internal, replyTimeoutS, realtimeOrigin }: GatewayOptions): string {
  for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'logs']) mkdirSync(path.join(dir, sub), { recursive: true });
  const gateway = renderTemplate(readFileSync(GATEWAY_TEMPLATE, 'utf8'), {
    GATEWAY_PORT: `127.0.0.1:${port}`,
    WEB_ROOT: webRoot,
    IDENTITY_SERVERS: servers(upstreams.identity),
    CONTENT_SERVERS: servers(upstreams.content),
    CONTENT_COLLAB_SERVERS: servers(upstreams.content),
    CHAT_SERVERS: servers(upstreams.chat),
    EXPORT_SERVERS: servers(upstreams.export),
    AI_REPLY_TIMEOUT_S: replyTimeoutS,
    REALTIME_ORIGIN: realtimeOrigin,
  });
  writeFileSync(path.join(dir, 'gateway.conf'), gateway);
  // As root, workers would otherwise run as nobody and could not read a checkout under a private home.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const main = `${user}worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  types { text/markdown md; }
  default_type application/octet-stream;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  keepalive_timeout 65;
  include ${dir}/gateway.conf;
  # The format the gateway's template defines: share-link tokens written as [redacted].
  access_log ${dir}/logs/access.log redacted;
  ${internal ? internalServers(internal) : ''}
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

export function startNginx(dir: string, conf: string, log: string): Managed {
  return startProcess('nginx', 'nginx', ['-p', dir, '-c', conf, '-e', path.join(dir, 'logs/error.log'), '-g', 'daemon off;'], log);
}
