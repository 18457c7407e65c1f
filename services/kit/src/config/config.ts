import { z } from 'zod';

/** A whole positive number from the environment, `fallback` when unset, with messages naming the variable. */
export const positiveInt = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .default(fallback);

const secret = (name: string) => z.string({ error: `${name} is required` }).min(32, `${name} must be at least 32 characters`);

/** Variables every service needs; services extend this schema with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535),
  DATABASE_URL: z.string({ error: 'DATABASE_URL is required' }).regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'),
  REDIS_URL: z.string({ error: 'REDIS_URL is required' }).regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL'),
  SESSION_SECRET: secret('SESSION_SECRET'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Extra origins allowed to send state-changing requests, besides the request's own host. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  /** docs/decisions/0015-programmatic-access.md: calls one personal access token may make per minute, over every service. */
  TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** How often a long-lived WebSocket's session is checked again (expiry); ended sessions close theirs at once. */
  WS_SESSION_RECHECK_MS: z.coerce.number().int().positive().max(60_000, 'WS_SESSION_RECHECK_MS must be at most 60000 (a minute)').default(60_000),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment with the service's schema; throws a ConfigError naming every bad variable. */
export function loadConfig<S extends z.ZodType>(service: string, schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && env[name] === undefined;
    return missing ? `${name}: is required but not set` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}
