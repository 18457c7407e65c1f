import { startTestService, type TestService } from '@prd/kit/testing';
import type { IdentityService } from './identity.js';
import { AppModule, SERVICE } from '@prd/content/app.module';
import { configSchema, type Config } from '@prd/content/config';

export type ContentService = TestService<Config>;

/** A real content service on its own database, calling `identity` and sharing its sessions and internal token. */
export function startContent(identity: IdentityService): Promise<ContentService> {
  return startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { IDENTITY_URL: identity.url, SESSION_SECRET: identity.config.SESSION_SECRET },
  });
}
