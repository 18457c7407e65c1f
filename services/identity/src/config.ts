import { z } from 'zod';
import { acceptedCallerTokens, baseConfigSchema, callerToken, positiveInt } from '@prd/kit';
import { NOTIFICATIONS_READ_RETENTION_DAYS } from '@prd/proto';
import { DEFAULT_SCRYPT_LOG_N } from './security/password.js';

const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** ENCRYPTION_KEY: exactly 32 bytes, written as 64 hex digits or as base64 (e.g. `openssl rand -base64 32`). */
export function parseEncryptionKey(value: string): Buffer | null {
  const text = value.trim();
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
  if (!BASE64.test(text)) return null;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/** A monthly allowance: a whole number, or empty for unlimited (null). */
const monthlyLimit = (name: string, fallback: number | null) =>
  z
    .string()
    .default(fallback === null ? '' : String(fallback))
    .transform((v, ctx) => {
      const text = v.trim();
      if (text === '' || text.toLowerCase() === 'unlimited') return null;
      if (!/^\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number, or empty for unlimited` });
        return z.NEVER;
      }
      return Number(text);
    });

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

/** An optional setting: empty (as compose files leave it) is the same as unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const configSchema = baseConfigSchema
  .extend({
    /** docs/decisions/0003-internal-calls.md: the internal routes' callers, each with its own token. */
    ...acceptedCallerTokens('content', 'chat', 'chat-worker', 'export'),
    /** Its own token for content's route that erases a deleted account's grants and links (docs/decisions/0003-internal-calls.md). */
    ...callerToken,
    CONTENT_URL: z.url('CONTENT_URL must be the URL of the content service'),
    /** AES-256-GCM key for stored custom OpenAI keys (docs/decisions/0009-security.md). */
    ENCRYPTION_KEY: z
      .string({ error: 'ENCRYPTION_KEY is required' })
      .refine((v) => parseEncryptionKey(v) !== null, 'ENCRYPTION_KEY must be 32 bytes written as base64 or 64 hex digits (e.g. `openssl rand -base64 32`)'),

    /** docs/decisions/0009-security.md: the quick-login test account; unset means on outside production, off in production. */
    DEMO_ACCOUNT_ENABLED: flag('DEMO_ACCOUNT_ENABLED'),
    DEMO_USERNAME: z.string().min(3, 'DEMO_USERNAME must be at least 3 characters').default('demo'),
    DEMO_EMAIL: z.email('DEMO_EMAIL must be an email address').default('demo@prd-studio.local'),
    DEMO_PASSWORD: z.string().min(6, 'DEMO_PASSWORD must be at least 6 characters').default('demo-password'),

    /** docs/decisions/0005-users-guests-and-limits.md: monthly allowances per tier; empty means unlimited. */
    GUEST_DOCS_LIMIT: monthlyLimit('GUEST_DOCS_LIMIT', 3),
    GUEST_MESSAGES_LIMIT: monthlyLimit('GUEST_MESSAGES_LIMIT', 20),
    USER_DOCS_LIMIT: monthlyLimit('USER_DOCS_LIMIT', null),
    USER_MESSAGES_LIMIT: monthlyLimit('USER_MESSAGES_LIMIT', 200),
    OWN_KEY_MESSAGES_LIMIT: monthlyLimit('OWN_KEY_MESSAGES_LIMIT', null),

    /** Abuse limits, counted in Redis per client address (and per username for log-in). */
    GUESTS_PER_ADDRESS_PER_HOUR: positiveInt('GUESTS_PER_ADDRESS_PER_HOUR', 30),
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: positiveInt('REGISTRATIONS_PER_ADDRESS_PER_HOUR', 20),
    /** Log-in attempts per address and window: over it, refused (429). */
    LOGIN_ATTEMPTS_PER_ADDRESS: positiveInt('LOGIN_ATTEMPTS_PER_ADDRESS', 30),
    /** Failed log-ins per account and window: over it, each attempt waits LOGIN_SLOWDOWN_MS, never refused. */
    LOGIN_ATTEMPTS_PER_ACCOUNT: positiveInt('LOGIN_ATTEMPTS_PER_ACCOUNT', 10),
    LOGIN_SLOWDOWN_MS: positiveInt('LOGIN_SLOWDOWN_MS', 2_000),
    LOGIN_WINDOW_SECONDS: positiveInt('LOGIN_WINDOW_SECONDS', 900),

    /** Read notifications older than this many days are deleted (docs/decisions/0031-hostile-collaboration.md); unread ones stay. */
    NOTIFICATIONS_READ_RETENTION_DAYS: positiveInt('NOTIFICATIONS_READ_RETENTION_DAYS', NOTIFICATIONS_READ_RETENTION_DAYS),

    /**
     * Single sign-on with OpenID Connect (docs/decisions/0036-single-sign-on-openid-connect.md): on when OIDC_ISSUER is set, which then
     * needs the client's id and secret. OIDC_NAME labels the button; OIDC_ALLOWED_DOMAINS (comma-separated) limits who may sign in.
     */
    OIDC_ISSUER: optionalText.pipe(z.url('OIDC_ISSUER must be the URL of the OpenID provider (its issuer)').optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: optionalText.transform((v) => v ?? 'SSO').pipe(z.string().max(60, 'OIDC_NAME must be at most 60 characters')),
    /** A workspace (its id) every user that single sign-on creates joins as a member (content's internal route). */
    OIDC_WORKSPACE: optionalText
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .pipe(z.number({ error: 'OIDC_WORKSPACE must be a workspace id' }).int('OIDC_WORKSPACE must be a workspace id').positive('OIDC_WORKSPACE must be a workspace id').optional()),
    OIDC_ALLOWED_DOMAINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
          .filter((d) => d !== ''),
      ),

    /** log2 of scrypt's N for new password hashes (docs/decisions/0009-security.md: 17, OWASP's figure); test runs may lower it to save time. */
    PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(14).max(20).default(DEFAULT_SCRYPT_LOG_N),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'test' && config.PASSWORD_SCRYPT_LOG_N < DEFAULT_SCRYPT_LOG_N) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_SCRYPT_LOG_N'], message: `PASSWORD_SCRYPT_LOG_N below ${DEFAULT_SCRYPT_LOG_N} is for test runs only (NODE_ENV=test)` });
    }
    if (config.OIDC_ISSUER !== undefined) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (config[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when OIDC_ISSUER is set` });
      }
      if (config.NODE_ENV === 'production' && !config.OIDC_ISSUER.startsWith('https://')) {
        ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER must be an https:// URL in production' });
      }
    }
  });
export type Config = z.infer<typeof configSchema>;

export const demoAccountEnabled = (config: Config): boolean => config.DEMO_ACCOUNT_ENABLED ?? config.NODE_ENV !== 'production';
