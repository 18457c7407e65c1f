import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import { CONFIG } from '@prd/kit';
import { IdentityClient } from '@prd/proto';
import type { Config } from '../config.js';
import type { AiProvider } from './ai-task.js';
import { OfflineProvider } from './offline.provider.js';
import { OpenAiProvider } from './openai.provider.js';

export interface ChosenProvider {
  provider: AiProvider;
  /** Key of the provider's rate limit, or null when it needs none (the offline assistant). */
  rateKey: string | null;
}

/**
 * D6: the user's own key if stored, else the server's key, else the offline assistant. The key is
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
    const { apiKey } = await this.identity.getOpenAiKey(userId);
    const key = apiKey ?? this.config.OPENAI_API_KEY;
    if (!key) return { provider: this.offline, rateKey: null };
    const client = new OpenAI({ apiKey: key, baseURL: this.config.OPENAI_BASE_URL, maxRetries: 0, timeout: this.config.AI_JOB_TIMEOUT_MS });
    return { provider: new OpenAiProvider(client, this.config.OPENAI_MODEL), rateKey: `openai:${this.config.OPENAI_BASE_URL}` };
  }
}
