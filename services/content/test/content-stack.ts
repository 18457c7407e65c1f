import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule as IdentityModule, SERVICE as IDENTITY } from '../../identity/src/app.module.js';
import { configSchema as identityConfigSchema } from '../../identity/src/config.js';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

/** The real content service and the real identity service it asks about users and usage, sharing sessions. */
export interface ContentStack {
  identity: TestService<{ INTERNAL_TOKEN: string }>;
  content: TestService<Config>;
  close: () => Promise<void>;
}

export const GUEST_DOCS_LIMIT = 2;

export async function startContentStack(): Promise<ContentStack> {
  const identity = await startTestService({
    service: IDENTITY,
    configSchema: identityConfigSchema,
    module: (c, l) => IdentityModule.register(c, l),
    env: {
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DEMO_ACCOUNT_ENABLED: 'false',
      GUEST_DOCS_LIMIT: String(GUEST_DOCS_LIMIT),
      GUESTS_PER_ADDRESS_PER_HOUR: '1000',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
    },
  });
  const content = await startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { IDENTITY_URL: identity.url, INTERNAL_TOKEN: identity.config.INTERNAL_TOKEN, SESSION_SECRET: identity.config.SESSION_SECRET },
  });
  return {
    identity,
    content,
    close: async () => {
      await content.close();
      await identity.close();
    },
  };
}

export interface TestUser {
  id: number;
  /** The Cookie header of the user's session, valid for both services. */
  cookie: string;
}

const cookieOf = (res: request.Response): string => {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.[0]?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie in the answer (${res.status})`);
  return cookie;
};

/** Signs up a registered user through identity's public route. */
export async function registerUser(stack: ContentStack, name = `user${randomBytes(4).toString('hex')}`): Promise<TestUser> {
  const res = await request(stack.identity.url).post('/api/register').send({ username: name, email: `${name}@example.com`, password: 'secret-password' }).expect(201);
  return { id: res.body.id as number, cookie: cookieOf(res) };
}

/** An anonymous visitor's first document makes them a guest (D5); answers the guest and that document. */
export async function guestWithDocument(stack: ContentStack, title = 'Guest draft'): Promise<TestUser & { documentId: number }> {
  const res = await request(stack.content.url).post('/api/documents').send({ title, content: '## Idea\nA first note.' }).expect(201);
  const cookie = cookieOf(res);
  const me = await request(stack.identity.url).get('/api/current-user').set('Cookie', cookie).expect(200);
  return { id: me.body.id as number, cookie, documentId: res.body.id as number };
}

export const internalHeaders = (stack: ContentStack) => ({ 'x-internal-token': stack.content.config.INTERNAL_TOKEN });
