import { tokenHash } from './secrets.ts';

/** Every process of the product that the stack runs, with its entry point and database. */
export interface ServiceSpec {
  name: 'identity' | 'content' | 'chat' | 'export' | 'chat-worker';
  entry: string;
  database: string;
  /** Whether nginx routes to it (the worker only serves its probes). */
  routed: boolean;
  /** Environment of its own, as its image sets it. */
  env?: Record<string, string>;
}

/**
 * The allocator of the services that build files on worker threads (content's import, export's Word and PDF files), here
 * and in their images: jemalloc (Debian's libjemalloc2), preloaded, with its background thread returning freed pages to the
 * system after its decay time (docs/decisions/0050-jemalloc-for-file-threads.md). With glibc's malloc, what a finished
 * thread freed stayed resident in its arena between the blocks still in use: 60–110 MiB per export replica after 1 MB
 * exports. `$LIB` is the dynamic loader's own token for the library folder (lib/x86_64-linux-gnu, lib/aarch64-linux-gnu).
 */
export const THREAD_MALLOC_ENV = { LD_PRELOAD: '/usr/$LIB/libjemalloc.so.2', MALLOC_CONF: 'background_thread:true' };

export const SERVICES: ServiceSpec[] = [
  { name: 'identity', entry: 'services/identity/dist/main.js', database: 'prd_identity', routed: true },
  { name: 'content', entry: 'services/content/dist/main.js', database: 'prd_content', routed: true, env: THREAD_MALLOC_ENV },
  { name: 'chat', entry: 'services/chat/dist/main.js', database: 'prd_chat', routed: true },
  { name: 'export', entry: 'services/export/dist/main.js', database: 'prd_export', routed: true, env: THREAD_MALLOC_ENV },
  { name: 'chat-worker', entry: 'services/chat/dist/worker.js', database: 'prd_chat', routed: false },
];

/**
 * How every Node process of the product runs, here and in the images: source-mapped stack traces, and
 * a young generation capped at 8 MiB a semi-space. V8 otherwise grows it to its maximum while the
 * modules load (drizzle-orm's alone churns over 100 MiB) and never gives it back while idle, which
 * held each service at about 240 MiB resident at rest instead of about 140 MiB.
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8'];

type Caller = 'content' | 'chat' | 'chat-worker' | 'export' | 'identity';
const tokenVariable = (caller: Caller) => `INTERNAL_TOKEN_${caller.toUpperCase().replace(/-/g, '_')}` as const;

/** docs/decisions/0003-internal-calls.md: which processes call which services' internal routes (each service's schema names the tokens it checks). */
export const INTERNAL_CALLERS_OF: Partial<Record<ServiceSpec['name'], Caller[]>> = {
  identity: ['content', 'chat', 'chat-worker', 'export'],
  content: ['chat', 'chat-worker', 'export', 'identity'],
};

/**
 * A process's internal tokens: its own (INTERNAL_TOKEN) when it calls others, and, for the routes it serves, only the SHA-256
 * of its callers' tokens (`INTERNAL_TOKEN_CHAT_SHA256`...), so no service holds another's token.
 */
export function internalTokenEnv(name: ServiceSpec['name'], tokens: Record<`INTERNAL_TOKEN_${string}`, string>): Record<string, string> {
  const env: Record<string, string> = {};
  env.INTERNAL_TOKEN = tokens[tokenVariable(name)]!;
  for (const caller of INTERNAL_CALLERS_OF[name] ?? []) env[`${tokenVariable(caller)}_SHA256`] = tokenHash(tokens[tokenVariable(caller)]!);
  return env;
}

export const DATABASES = [...new Set(SERVICES.map((s) => s.database))];
