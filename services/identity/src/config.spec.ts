import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ConfigError, internalTokenHash, loadConfig } from '@prd/kit';
import { configSchema, demoAccountEnabled, parseEncryptionKey } from './config.js';

const base = {
  PORT: '3001',
  DATABASE_URL: 'postgres://localhost/identity',
  REDIS_URL: 'redis://localhost:6379',
  SESSION_SECRET: 'x'.repeat(32),
  INTERNAL_TOKEN_CONTENT_SHA256: internalTokenHash('c'.repeat(32)),
  INTERNAL_TOKEN_CHAT_SHA256: internalTokenHash('h'.repeat(32)),
  INTERNAL_TOKEN_CHAT_WORKER_SHA256: internalTokenHash('w'.repeat(32)),
  INTERNAL_TOKEN_EXPORT_SHA256: internalTokenHash('e'.repeat(32)),
  INTERNAL_TOKEN: 'i'.repeat(32),
  CONTENT_URL: 'http://localhost:3002',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

describe('identity configuration', () => {
  it('accepts a 32-byte key as base64, base64url or hex', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64url'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
  });

  it('takes only the hashes of its callers’ tokens, and refuses a raw token in their place', () => {
    expect(() => loadConfig('identity', configSchema, { ...base, INTERNAL_TOKEN_CHAT_SHA256: 'h'.repeat(32) })).toThrow(
      "INTERNAL_TOKEN_CHAT_SHA256 must be the SHA-256 of the caller's token: 64 hex digits",
    );
    const { INTERNAL_TOKEN_EXPORT_SHA256: _omitted, ...withoutHash } = base;
    expect(() => loadConfig('identity', configSchema, { ...withoutHash, INTERNAL_TOKEN_EXPORT: 'e'.repeat(32) })).toThrow('INTERNAL_TOKEN_EXPORT_SHA256');
  });

  it('refuses to start without a 32-byte ENCRYPTION_KEY', () => {
    const { ENCRYPTION_KEY: _omitted, ...withoutKey } = base;
    expect(() => loadConfig('identity', configSchema, withoutKey)).toThrow('ENCRYPTION_KEY: is required but not set');
    for (const bad of [randomBytes(16).toString('base64'), 'short', 'not base64 at all!']) {
      expect(() => loadConfig('identity', configSchema, { ...base, ENCRYPTION_KEY: bad })).toThrow(ConfigError);
    }
  });

  it('has the docs/decisions/0005-users-guests-and-limits.md limits by default, empty meaning unlimited', () => {
    const config = loadConfig('identity', configSchema, base);
    expect(config).toMatchObject({ GUEST_DOCS_LIMIT: 3, GUEST_MESSAGES_LIMIT: 20, USER_DOCS_LIMIT: null, USER_MESSAGES_LIMIT: 200, OWN_KEY_MESSAGES_LIMIT: null });
    expect(loadConfig('identity', configSchema, { ...base, USER_MESSAGES_LIMIT: '' }).USER_MESSAGES_LIMIT).toBeNull();
    expect(() => loadConfig('identity', configSchema, { ...base, GUEST_DOCS_LIMIT: 'three' })).toThrow('GUEST_DOCS_LIMIT must be a whole number, or empty for unlimited');
  });

  it('hashes passwords at scrypt N = 2^17 unless a test run lowers it', () => {
    expect(loadConfig('identity', configSchema, base).PASSWORD_SCRYPT_LOG_N).toBe(17);
    expect(loadConfig('identity', configSchema, { ...base, NODE_ENV: 'test', PASSWORD_SCRYPT_LOG_N: '14' }).PASSWORD_SCRYPT_LOG_N).toBe(14);
    expect(() => loadConfig('identity', configSchema, { ...base, NODE_ENV: 'production', PASSWORD_SCRYPT_LOG_N: '14' })).toThrow('for test runs only');
  });

  it('enables the demo account outside production unless configured', () => {
    expect(demoAccountEnabled(loadConfig('identity', configSchema, base))).toBe(true);
    expect(demoAccountEnabled(loadConfig('identity', configSchema, { ...base, NODE_ENV: 'production' }))).toBe(false);
    expect(demoAccountEnabled(loadConfig('identity', configSchema, { ...base, NODE_ENV: 'production', DEMO_ACCOUNT_ENABLED: 'true' }))).toBe(true);
    expect(demoAccountEnabled(loadConfig('identity', configSchema, { ...base, DEMO_ACCOUNT_ENABLED: 'false' }))).toBe(false);
  });

  it('turns single sign-on on with OIDC_ISSUER, which then needs the client, and reads the allowed domains', () => {
    const off = loadConfig('identity', configSchema, { ...base, OIDC_ISSUER: '', OIDC_ALLOWED_DOMAINS: '' });
    expect(off).toMatchObject({ OIDC_ISSUER: undefined, OIDC_NAME: 'SSO', OIDC_ALLOWED_DOMAINS: [] });
    const oidc = { OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'prd', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig('identity', configSchema, { ...base, ...oidc, OIDC_NAME: 'Acme', OIDC_ALLOWED_DOMAINS: ' Example.com, @corp.example ,' })).toMatchObject({
      OIDC_NAME: 'Acme',
      OIDC_ALLOWED_DOMAINS: ['example.com', 'corp.example'],
    });
    expect(() => loadConfig('identity', configSchema, { ...base, OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
    expect(() => loadConfig('identity', configSchema, { ...base, ...oidc, OIDC_ISSUER: 'not a url' })).toThrow('OIDC_ISSUER must be the URL of the OpenID provider');
    expect(() => loadConfig('identity', configSchema, { ...base, ...oidc, NODE_ENV: 'production', OIDC_ISSUER: 'http://login.example.com' })).toThrow(
      'OIDC_ISSUER must be an https:// URL in production',
    );
  });

  it('reads OIDC_WORKSPACE as a workspace id, off when empty', () => {
    expect(loadConfig('identity', configSchema, { ...base, OIDC_WORKSPACE: '' }).OIDC_WORKSPACE).toBeUndefined();
    expect(loadConfig('identity', configSchema, { ...base, OIDC_WORKSPACE: '7' }).OIDC_WORKSPACE).toBe(7);
    expect(() => loadConfig('identity', configSchema, { ...base, OIDC_WORKSPACE: 'acme' })).toThrow('OIDC_WORKSPACE must be a workspace id');
  });
});
