import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, REDIS } from '@prd/kit';
import { parseEncryptionKey, type Config } from '../config.js';
import { KeyCipher } from '../security/key-cipher.js';
import { AddressLimits } from '../security/address-limits.js';
import { UsersService } from './users.service.js';

/** Users, the key cipher and the per-address limits, shared by every feature of identity. */
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
      provide: AddressLimits,
      inject: [REDIS, CONFIG],
      useFactory: (redis: Redis, config: Config) => new AddressLimits(redis, config),
    },
  ],
  exports: [UsersService, KeyCipher, AddressLimits],
})
export class UsersModule {}
