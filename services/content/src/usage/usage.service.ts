import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { CONFIG, LOGGER } from '@prd/kit';
import { IdentityClient } from '@prd/proto';
import type { Config } from '../config.js';

/** The user's document allowance, kept by identity (docs/decisions/0003-internal-calls.md, docs/decisions/0005-users-guests-and-limits.md). */
@Injectable()
export class UsageService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private client(requestId?: string): IdentityClient {
    return new IdentityClient({ baseUrl: this.config.IDENTITY_URL, token: this.config.INTERNAL_TOKEN, requestId });
  }

  /** Takes `count` documents (all or none) of this month's allowance; over the limit, identity's 429 LIMIT_EXCEEDED passes through unchanged. */
  async consumeDocument(userId: number, requestId?: string, count = 1): Promise<void> {
    await this.client(requestId).consume(userId, 'docs', count);
  }

  /** Gives back documents taken for a creation that then failed; a failed refund is logged, not thrown. */
  async refundDocument(userId: number, requestId?: string, count = 1): Promise<void> {
    try {
      await this.client(requestId).refund(userId, 'docs', count);
    } catch (err) {
      this.logger.warn({ err, userId, count }, 'could not refund a document allowance');
    }
  }
}
