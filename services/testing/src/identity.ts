import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { browserRequest as request, startTestService, testCallerToken, type TestService } from '@prd/kit/testing';
import type { Response } from 'supertest';
import { AppModule, SERVICE } from '@prd/identity/app.module';
import { configSchema, type Config } from '@prd/identity/config';

export type IdentityService = TestService<Config>;

/** A real identity service on its own database (unless `env.DATABASE_URL` names one) and the test Redis, on `port` (0: a free one). */
export function startIdentity(env: Record<string, string> = {}, logger?: Logger, port = 0): Promise<IdentityService> {
  return startTestService({
    service: SERVICE,
    configSchema,
    module: (c, l) => AppModule.register(c, l),
    // scrypt at 2^14 instead of 2^17: the suites sign up hundreds of users (password.spec covers the real cost).
    // No content service here unless the suite starts one (startIdentityWithContent): nothing listens on
    // port 9, so deleting a registered account answers 503 and leaves it whole.
    env: { ENCRYPTION_KEY: randomBytes(32).toString('base64'), DEMO_ACCOUNT_ENABLED: 'false', PASSWORD_SCRYPT_LOG_N: '14', CONTENT_URL: 'http://127.0.0.1:9', ...env },
    ...(logger ? { logger } : {}),
    port,
  });
}

/**
 * Identity as the other services' suites need it: their many test visitors all come from 127.0.0.1,
 * so the per-address guest and sign-up limits are raised.
 */
export const startIdentityForPeers = (env: Record<string, string> = {}) =>
  startIdentity({ GUESTS_PER_ADDRESS_PER_HOUR: '1000', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000', ...env });

/** Headers of an internal call (docs/decisions/0003-internal-calls.md), as the content service makes it. */
export const internal = () => ({ 'x-internal-token': testCallerToken('content') });

export interface TestUser {
  id: number;
  /** The Cookie header of the user's session, valid for every service sharing the session secret. */
  cookie: string;
}

/** The session cookie an answer set. */
export function cookieOf(res: Response): string {
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
