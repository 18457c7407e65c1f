import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
    INTERNAL_TOKEN: secret(),
    ...overrides,
  };
}
