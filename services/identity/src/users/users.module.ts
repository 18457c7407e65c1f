import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, REDIS } from '@prd/kit';
import { parseEncryptionKey, type Config } from '../config.js';
import { KeyCipher } from '../security/key-cipher.js';
import { RateLimiter, rateLimitNamespace } from '../security/rate-limiter.js';
import { UsersService } from './users.service.js';

/** Users, the key cipher and the Redis rate limiter, shared by every feature of identity. */
@Global()
@Module({
  providers: [
    UsersService,
    {
      provide: KeyCipher,
      inject: [CONFIG],
      useFactory: (config: Config) => new KeyCipher(parseEncryptionKey(config.ENCRYPTION_KEY)!),
    },
    {
      provide: RateLimiter,
      inject: [REDIS, CONFIG],
      useFactory: (redis: Redis, config: Config) => new RateLimiter(redis, rateLimitNamespace(config.DATABASE_URL)),
    },
  ],
  exports: [UsersService, KeyCipher, RateLimiter],
})
export class UsersModule {}
