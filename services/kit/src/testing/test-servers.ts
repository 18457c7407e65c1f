import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { callerTokenHashVariable, INTERNAL_CALLERS, internalTokenHash, type InternalCaller } from '../internal/internal.guard.js';

function required(name: 'TEST_PG_URL' | 'TEST_REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suites with \`npm test\` or \`npx jest -c jest.config.js\`, whose global setup starts PostgreSQL and Redis`);
  return value;
}

export const testRedisUrl = () => required('TEST_REDIS_URL');

/** A fresh, empty database on the test PostgreSQL, so every suite starts from its own migrations. */
export async function createTestDatabase(prefix: string): Promise<string> {
  const admin = required('TEST_PG_URL');
  const name = `t_${prefix.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`.toLowerCase();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

const secret = () => randomBytes(32).toString('base64url');

/** One token per internal caller for the whole test process, so services started apart still know each other (docs/decisions/0003-internal-calls.md). */
const CALLER_TOKENS = new Map<InternalCaller, string>(INTERNAL_CALLERS.map((c) => [c, secret()]));

/** The token a caller sends: what a test presents to act as that service. */
export const testCallerToken = (caller: InternalCaller): string => CALLER_TOKENS.get(caller)!;

const isCaller = (service: string): service is InternalCaller => (INTERNAL_CALLERS as readonly string[]).includes(service);

/** Environment for a service under test: real database and Redis, fresh secrets, quiet logs. */
export async function testEnv(service: string, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: await createTestDatabase(service),
    REDIS_URL: testRedisUrl(),
    SESSION_SECRET: secret(),
    // Its own token when it calls others, and the hash of every caller's token for the routes it serves.
    INTERNAL_TOKEN: isCaller(service) ? testCallerToken(service) : secret(),
    ...Object.fromEntries(INTERNAL_CALLERS.map((c) => [callerTokenHashVariable(c), internalTokenHash(testCallerToken(c))])),
    ...overrides,
  };
}
