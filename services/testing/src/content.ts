import { startTestService, type TestService } from '@prd/kit/testing';
import { freePort } from './free-port.js';
import { startIdentity, type IdentityService } from './identity.js';
import { AppModule, SERVICE } from '@prd/content/app.module';
import { configSchema, type Config } from '@prd/content/config';

export type ContentService = TestService<Config>;

/**
 * A real content service on its own database (unless `env.DATABASE_URL` names one: a second replica
 * gets the first one's), calling `identity` and sharing its sessions and internal token.
 */
export function startContent(identity: IdentityService, env: Record<string, string> = {}, port?: number): Promise<ContentService> {
  return startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { IDENTITY_URL: identity.url, SESSION_SECRET: identity.config.SESSION_SECRET, ...env },
    ...(port ? { port } : {}),
  });
}

/**
 * Identity and the content service it calls when an account is deleted (and which calls it back):
 * content's port is reserved first, so identity starts knowing CONTENT_URL.
 */
export async function startIdentityWithContent(env: Record<string, string> = {}): Promise<{ identity: IdentityService; content: ContentService; close: () => Promise<void> }> {
  const port = await freePort();
  const identity = await startIdentity({ CONTENT_URL: `http://127.0.0.1:${port}`, ...env });
  const content = await startContent(identity, {}, port);
  return {
    identity,
    content,
    close: async () => {
      await content.close();
      await identity.close();
    },
  };
}
