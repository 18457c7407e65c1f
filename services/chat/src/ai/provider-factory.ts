import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import { CONFIG, keyFingerprint } from '@prd/kit';
import { IdentityClient } from '@prd/proto';
import type { Config } from '../config.js';
import type { AiProvider } from './ai-task.js';
import { OfflineProvider } from './offline.provider.js';
import { OpenAiProvider } from './openai.provider.js';

export interface ChosenProvider {
  provider: AiProvider;
  /** Bucket of the provider's rate limit, one per key, or null when it needs none (the offline assistant). */
  rateKey: string | null;
  /** The fingerprint of the user's own key while the provider has not accepted it yet, else null. */
  ownKeyToVerify: string | null;
}

/**
 * A key's rate-limit bucket: the provider's URL and a hash of the key, so that the server's key and
 * each user's key are limited apart, and no key is ever written to Redis.
 */
export const rateBucket = (baseUrl: string, apiKey: string): string => `openai:${baseUrl}:${keyFingerprint(apiKey)}`;

/**
 * docs/decisions/0006-ai-providers.md: the user's own key if stored, else the server's key, else the offline assistant. The key is
 * fetched when the job runs and lives only in this call's SDK client: never in a job, never in a log.
 */
@Injectable()
export class ProviderFactory {
  private readonly offline = new OfflineProvider();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly identity: IdentityClient,
  ) {}

  async forUser(userId: number): Promise<ChosenProvider> {
    const { apiKey, verified } = await this.identity.getOpenAiKey(userId);
    const key = apiKey ?? this.config.OPENAI_API_KEY;
    if (!key) return { provider: this.offline, rateKey: null, ownKeyToVerify: null };
    const client = new OpenAI({ apiKey: key, baseURL: this.config.OPENAI_BASE_URL, maxRetries: 0, timeout: this.config.AI_JOB_TIMEOUT_MS });
    return {
      provider: new OpenAiProvider(client, this.config.OPENAI_MODEL),
      rateKey: rateBucket(this.config.OPENAI_BASE_URL, key),
      ownKeyToVerify: apiKey !== null && !verified ? keyFingerprint(apiKey) : null,
    };
  }
}
