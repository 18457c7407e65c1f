import { startTestService, type TestService } from '@prd/kit/testing';
import type { IdentityService } from './identity.js';
import { AppModule, SERVICE } from '@prd/content/app.module';
import { configSchema, type Config } from '@prd/content/config';

export type ContentService = TestService<Config>;

/** A real content service on its own database (unless `env.DATABASE_URL` names one: a second replica), calling `identity` and sharing its sessions and internal token. */
export function startContent(identity: IdentityService, env: Record<string, string> = {}): Promise<ContentService> {
  return startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { IDENTITY_URL: identity.url, SESSION_SECRET: identity.config.SESSION_SECRET, ...env },
  });
}
