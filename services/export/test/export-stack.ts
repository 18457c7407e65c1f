import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule as ContentModule, SERVICE as CONTENT } from '../../content/src/app.module.js';
import { configSchema as contentConfigSchema } from '../../content/src/config.js';
import { AppModule as IdentityModule, SERVICE as IDENTITY } from '../../identity/src/app.module.js';
import { configSchema as identityConfigSchema } from '../../identity/src/config.js';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

/** The real export service with the real identity and content services it calls, sharing sessions and the internal token. */
export interface ExportStack {
  identity: TestService<{ INTERNAL_TOKEN: string }>;
  content: TestService<{ INTERNAL_TOKEN: string }>;
  exporter: TestService<Config>;
  close: () => Promise<void>;
}

export async function startExportStack(env: Record<string, string> = {}): Promise<ExportStack> {
  const identity = await startTestService({
    service: IDENTITY,
    configSchema: identityConfigSchema,
    module: (c, l) => IdentityModule.register(c, l),
    env: {
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DEMO_ACCOUNT_ENABLED: 'false',
      GUESTS_PER_ADDRESS_PER_HOUR: '1000',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
    },
  });
  const shared = { INTERNAL_TOKEN: identity.config.INTERNAL_TOKEN, SESSION_SECRET: identity.config.SESSION_SECRET };
  const content = await startTestService({
    service: CONTENT,
    configSchema: contentConfigSchema,
    module: (c, l) => ContentModule.register(c, l),
    env: { IDENTITY_URL: identity.url, ...shared },
  });
  const exporter = await startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { IDENTITY_URL: identity.url, CONTENT_URL: content.url, ...shared, ...env },
  });
  return {
    identity,
    content,
    exporter,
    close: async () => {
      await exporter.close();
      await content.close();
      await identity.close();
    },
  };
}

export interface TestUser {
  id: number;
  /** The Cookie header of the user's session, valid for every service. */
  cookie: string;
}

const cookieOf = (res: request.Response): string => {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.[0]?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie in the answer (${res.status})`);
  return cookie;
};

/** Signs up a registered user through identity's public route. */
export async function registerUser(stack: ExportStack): Promise<TestUser> {
  const name = `user${randomBytes(4).toString('hex')}`;
  const res = await request(stack.identity.url).post('/api/register').send({ username: name, email: `${name}@example.com`, password: 'secret-password' }).expect(201);
  return { id: res.body.id as number, cookie: cookieOf(res) };
}

/** Creates a document through content's public route; without a cookie the visitor becomes a guest (D5). */
export async function createDocument(stack: ExportStack, cookie: string | null, title: string, content: string): Promise<{ id: number; cookie: string }> {
  const call = request(stack.content.url).post('/api/documents');
  if (cookie) call.set('Cookie', cookie);
  const res = await call.send({ title, content }).expect(201);
  return { id: res.body.id as number, cookie: cookie ?? cookieOf(res) };
}
