import { randomBytes } from 'node:crypto';
import { browserRequest as request, sessionCookieFor, testCallerToken, startTestService, testRedisUrl, type TestService } from '@prd/kit/testing';
import { IdentityClient } from '@prd/proto';
import { startContent, type ContentService } from '@prd/testing/content';
import { signUp, startIdentityForPeers, type IdentityService, type TestUser } from '@prd/testing/identity';
import { AppModule as ChatModule, SERVICE as CHAT } from '../../src/app.module.js';
import { configSchema as chatSchema, type Config as ChatConfig } from '../../src/config.js';
import { WORKER_SERVICE, WorkerModule } from '../../src/worker/worker.module.js';
import { workerConfigSchema } from '../../src/worker/worker.config.js';
import { startOpenAiTestServer, type OpenAiTestServer } from './openai-test-server.js';

/** The real identity, content and chat services, an in-process ai-worker and a local OpenAI-compatible server. */
export interface ChatStack {
  identity: IdentityService;
  content: ContentService;
  chat: TestService<ChatConfig>;
  worker: TestService<unknown> | null;
  openai: OpenAiTestServer;
  /** Environment shared by chat and any worker (also for spawned worker processes). */
  chatEnv: Record<string, string>;
  identityClient: IdentityClient;
  close(): Promise<void>;
}

export interface StackOptions {
  identityEnv?: Record<string, string>;
  chatEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  /** False to run without an in-process worker (a test spawns its own). */
  worker?: boolean;
}

export async function startChatStack(options: StackOptions = {}): Promise<ChatStack> {
  const openai = await startOpenAiTestServer();
  const identity = await startIdentityForPeers(options.identityEnv);
  const content = await startContent(identity);
  const shared = { SESSION_SECRET: identity.config.SESSION_SECRET };
  const chatEnv: Record<string, string> = {
    ...shared,
    IDENTITY_URL: identity.url,
    CONTENT_URL: content.url,
    OPENAI_BASE_URL: openai.baseUrl,
    AI_QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    AI_JOB_TIMEOUT_MS: '3000',
    AI_JOB_ATTEMPTS: '3',
    AI_RETRY_BACKOFF_MS: '20',
    // Suites send many replies a minute from one user; the suite that tests these caps sets its own.
    AI_REPLIES_PER_MINUTE: '0',
    FLOW_STARTS_PER_MINUTE: '0',
    ...options.chatEnv,
  };
  const chat = await startTestService({ service: CHAT, configSchema: chatSchema, module: (c, l) => ChatModule.register(c, l), env: chatEnv });
  chatEnv.DATABASE_URL = chat.config.DATABASE_URL;
  const worker =
    options.worker === false
      ? null
      : await startTestService({
          service: WORKER_SERVICE,
          configSchema: workerConfigSchema,
          module: (c, l) => WorkerModule.register(c, l),
          env: { ...chatEnv, ...options.workerEnv },
        });
  return {
    identity,
    content,
    chat,
    worker,
    openai,
    chatEnv,
    identityClient: new IdentityClient({ baseUrl: identity.url, token: testCallerToken('chat') }),
    async close() {
      await worker?.close();
      await chat.close();
      await Promise.all([content.close(), identity.close(), openai.close()]);
    },
  };
}

export type { TestUser };

/** A new guest with a session. */
export async function guest(stack: ChatStack): Promise<TestUser> {
  const user = await stack.identityClient.createGuest('127.0.0.1');
  return { id: user.id, cookie: await sessionCookieFor(testRedisUrl(), stack.chat.config.SESSION_SECRET, user.id) };
}

/** A newly registered user, optionally with a custom OpenAI key stored through identity's settings route. */
export async function registered(stack: ChatStack, apiKey?: string): Promise<TestUser> {
  const user = await signUp(stack.identity);
  if (apiKey) await request(stack.identity.url).post('/api/settings/api-key').set('Cookie', user.cookie).send({ apiKey }).expect(200);
  return user;
}

/** Spends every message of the user's allowance, as many replies would. */
export async function useUpMessages(stack: ChatStack, user: TestUser): Promise<void> {
  for (;;) {
    const ok = await stack.identityClient.consume(user.id, 'messages').then(
      () => true,
      () => false,
    );
    if (!ok) return;
  }
}

/** A user key the tests give to the OpenAI test server; it must never show up in Redis or logs. */
export const userKey = () => `sk-test-${randomBytes(12).toString('hex')}`;
