import { Controller, Get, Inject, Query } from '@nestjs/common';
import { CONFIG, CurrentUser, Public, unauthorized, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { realtimeSessionTokenQuerySchema, type RealtimeSessionToken, type RealtimeVoice } from '@prd/proto';
import type { z } from 'zod';
import type { Config } from '../config.js';
import { VoiceTokensService } from './voice-tokens.service.js';

@Controller('api/realtime')
export class SessionTokenController {
  constructor(
    private readonly voiceTokens: VoiceTokensService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Lets the client say before any attempt why voice is unavailable (no key of the user's, none of the server's). */
  @Get('voice')
  @Public()
  voice(): RealtimeVoice {
    return { serverKey: Boolean(this.config.OPENAI_API_KEY) };
  }

  /**
   * An ephemeral secret for the browser's realtime voice session, minted by the chat worker, the only process that
   * reads a user's decrypted key (docs/decisions/0003-internal-calls.md). Only for a user.
   */
  @Get('session-token')
  @WithUser()
  async token(
    @CurrentUser() user: ActingUser | null,
    @Query(new ZodPipe(realtimeSessionTokenQuerySchema)) query: z.infer<typeof realtimeSessionTokenQuerySchema>,
  ): Promise<RealtimeSessionToken> {
    if (!user) throw unauthorized('Sign in or start as a guest to use voice chat');
    return this.voiceTokens.mint(user.id, query.documentId ?? null);
  }
}
