import { Global, Module } from '@nestjs/common';
import { CONFIG } from '@prd/kit';
import { ContentClient, IdentityClient } from '@prd/proto';
import type { Config } from '../config.js';

/** Typed clients of identity's and content's internal routes (docs/decisions/0003-internal-calls.md), for the chat service and the worker. */
@Global()
@Module({
  providers: [
    { provide: IdentityClient, useFactory: (c: Config) => new IdentityClient({ baseUrl: c.IDENTITY_URL, token: c.INTERNAL_TOKEN }), inject: [CONFIG] },
    { provide: ContentClient, useFactory: (c: Config) => new ContentClient({ baseUrl: c.CONTENT_URL, token: c.INTERNAL_TOKEN }), inject: [CONFIG] },
  ],
  exports: [IdentityClient, ContentClient],
})
export class PeersModule {}
