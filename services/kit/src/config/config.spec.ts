import { describe, expect, it } from '@jest/globals';
import { baseConfigSchema, ConfigError, loadConfig } from './config.js';

const valid = {
  PORT: '4001',
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_SECRET: 'x'.repeat(32),
};

describe('loadConfig', () => {
  it('accepts a complete environment and applies defaults', () => {
    const config = loadConfig('identity', baseConfigSchema, valid);
    expect(config.PORT).toBe(4001);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.ALLOWED_ORIGINS).toEqual([]);
  });

  it('rejects a missing variable, naming it and the service', () => {
    const { DATABASE_URL: _omitted, ...env } = valid;
    expect(() => loadConfig('identity', baseConfigSchema, env)).toThrow(ConfigError);
    expect(() => loadConfig('identity', baseConfigSchema, env)).toThrow(/Invalid configuration for identity:\n {2}- DATABASE_URL: is required but not set/);
  });

  it('rejects a weak secret and a malformed URL with their own messages', () => {
    try {
      loadConfig('content', baseConfigSchema, { ...valid, SESSION_SECRET: 'short', REDIS_URL: 'localhost:6379' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as ConfigError).problems).toEqual(['REDIS_URL: REDIS_URL must be a redis:// URL', 'SESSION_SECRET: SESSION_SECRET must be at least 32 characters']);
    }
  });
});
