import { browserRequest as request, startTestService, type TestService } from '@prd/kit/testing';
import { startContent, type ContentService } from '@prd/testing/content';
import { cookieOf, signUp, startIdentityForPeers, type IdentityService, type TestUser } from '@prd/testing/identity';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

export type { TestUser };

/** The real export service with the real identity and content services it calls, sharing sessions and the internal token. */
export interface ExportStack {
  identity: IdentityService;
  content: ContentService;
  exporter: TestService<Config>;
  close: () => Promise<void>;
}

export async function startExportStack(env: Record<string, string> = {}): Promise<ExportStack> {
  const identity = await startIdentityForPeers();
  const content = await startContent(identity);
  const exporter = await startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { IDENTITY_URL: identity.url, CONTENT_URL: content.url, SESSION_SECRET: identity.config.SESSION_SECRET, ...env },
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

/** Signs up a registered user through identity's public route. */
export const registerUser = (stack: ExportStack): Promise<TestUser> => signUp(stack.identity);

/** Creates a document through content's public route; without a cookie the visitor becomes a guest (docs/decisions/0005-users-guests-and-limits.md). */
export async function createDocument(stack: ExportStack, cookie: string | null, title: string, content: string): Promise<{ id: number; cookie: string }> {
  const call = request(stack.content.url).post('/api/documents');
  if (cookie) call.set('Cookie', cookie);
  const res = await call.send({ title, content }).expect(201);
  return { id: res.body.id as number, cookie: cookie ?? cookieOf(res) };
}
