import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, notFound, UserDirectory, ZodPipe } from '@prd/kit';
import {
  createGuestSchema,
  openAiKeyVerifiedSchema,
  userIdParamsSchema,
  type CreateGuest,
  type InternalUser,
  type OpenAiKeyAnswer,
  type OpenAiKeyVerified,
  type UserIdParams,
} from '@prd/proto';
import { UsersService } from '../users/users.service.js';
import { KeyCipher } from '../security/key-cipher.js';
import { SettingsService } from '../settings/settings.service.js';

/** D3: what content, chat and export may ask identity about users; never exposed by the gateway. */
@Controller('internal/users')
@UseGuards(InternalGuard)
export class InternalUsersController {
  constructor(
    @Inject(UserDirectory) private readonly directory: UserDirectory,
    private readonly users: UsersService,
    private readonly cipher: KeyCipher,
    private readonly settings: SettingsService,
  ) {}

  /** D5: a new guest for an anonymous visitor's first write, limited per client address. */
  @Post('guests')
  @InternalCallers('content', 'chat')
  createGuest(@Body(new ZodPipe(createGuestSchema)) body: CreateGuest): Promise<InternalUser> {
    return this.directory.createGuest(body.clientAddress);
  }

  @Get(':id')
  @InternalCallers('content', 'chat', 'chat-worker', 'export')
  async getUser(@Param(new ZodPipe(userIdParamsSchema)) params: UserIdParams): Promise<InternalUser> {
    const user = await this.directory.getUser(params.id);
    if (!user) throw notFound('User not found');
    return user;
  }

  /**
   * D6: the decrypted custom key; null when the user stores none. D3 wants the AI worker as its only
   * reader; the chat service still reads it to mint realtime voice session tokens, until that moves to the worker.
   */
  @Get(':id/openai-key')
  @InternalCallers('chat-worker', 'chat')
  async getOpenAiKey(@Param(new ZodPipe(userIdParamsSchema)) params: UserIdParams): Promise<OpenAiKeyAnswer> {
    const user = await this.users.findActive(params.id);
    if (!user) throw notFound('User not found');
    const own = user.openaiKeyEncrypted && !user.isGuest;
    return { apiKey: own ? this.cipher.decrypt(user.openaiKeyEncrypted!, user.id) : null, verified: Boolean(own && user.openaiKeyVerifiedAt) };
  }

  /** The AI worker: the provider accepted this user's key (by fingerprint); from now on it lifts the message limit. */
  @Post(':id/openai-key/verified')
  @InternalCallers('chat-worker')
  @HttpCode(204)
  async openAiKeyVerified(@Param(new ZodPipe(userIdParamsSchema)) params: UserIdParams, @Body(new ZodPipe(openAiKeyVerifiedSchema)) body: OpenAiKeyVerified): Promise<void> {
    await this.settings.markKeyVerified(params.id, body.fingerprint);
  }
}
