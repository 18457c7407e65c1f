import { randomBytes } from 'node:crypto';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '../src/app.module.js';
import { configSchema, type Config } from '../src/config.js';

export type IdentityService = TestService<Config>;

/** A real identity service on its own database (unless `env.DATABASE_URL` names one) and the test Redis. */
export function startIdentity(env: Record<string, string> = {}): Promise<IdentityService> {
  return startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    env: { ENCRYPTION_KEY: randomBytes(32).toString('base64'), DEMO_ACCOUNT_ENABLED: 'false', ...env },
  });
}

/** Headers of an internal call (D3). */
export const internal = (svc: IdentityService) => ({ 'x-internal-token': svc.config.INTERNAL_TOKEN });
