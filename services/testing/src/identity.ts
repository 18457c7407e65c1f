import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startTestService, type TestService } from '@prd/kit/testing';
import { AppModule, SERVICE } from '@prd/identity/app.module';
import { configSchema, type Config } from '@prd/identity/config';

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

/**
 * Identity as the other services' suites need it: their many test visitors all come from 127.0.0.1,
 * so the per-address guest and sign-up limits are raised.
 */
export const startIdentityForPeers = (env: Record<string, string> = {}) =>
  startIdentity({ GUESTS_PER_ADDRESS_PER_HOUR: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000', ...env });

/** Headers of an internal call (docs/decisions/0003-internal-calls.md). */
export const internal = (svc: IdentityService) => ({ 'x-internal-token': svc.config.INTERNAL_TOKEN });

export interface TestUser {
  id: number;
  /** The Cookie header of the user's session, valid for every service sharing the session secret. */
  cookie: string;
}

/** The session cookie an answer set. */
export function cookieOf(res: request.Response): string {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.[0]?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie in the answer (${res.status})`);
  return cookie;
}

/** Signs up a registered user through identity's public route. */
export async function signUp(identity: IdentityService, name = `user${randomBytes(4).toString('hex')}`): Promise<TestUser> {
  const res = await request(identity.url)
    .post('/api/register')
    .send({ username: name, email: `${name}@example.com`, password: 'secret-password' })
    .expect(201);
  return { id: res.body.id as number, cookie: cookieOf(res) };
}
