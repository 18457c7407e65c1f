import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { InternalCallers, InternalGuard, notFound, UserDirectory, ZodPipe } from '@prd/kit';
import {
  createGuestSchema,
  NO_SUCH_USER,
  openAiKeyVerifiedSchema,
  userIdParamsSchema,
  userLookupSchema,
  userProfilesQuerySchema,
  type CreateGuest,
  type InternalUser,
  type OpenAiKeyAnswer,
  type OpenAiKeyVerified,
  type UserIdParams,
  type UserProfile,
} from '@prd/proto';
import { toUserProfile, UsersService } from '../users/users.service.js';
import { KeyCipher } from '../security/key-cipher.js';
import { SettingsService } from '../settings/settings.service.js';

/** docs/decisions/0003-internal-calls.md: what content, chat and export may ask identity about users; never exposed by the gateway. */
@Controller('internal/users')
@UseGuards(InternalGuard)
export class InternalUsersController {
  constructor(
    @Inject(UserDirectory) private readonly directory: UserDirectory,
    private readonly users: UsersService,
    private readonly cipher: KeyCipher,
    private readonly settings: SettingsService,
  ) {}

  /** docs/decisions/0005-users-guests-and-limits.md: a new guest for an anonymous visitor's first write, limited per client address. */
  @Post('guests')
  @InternalCallers('content', 'chat')
  createGuest(@Body(new ZodPipe(createGuestSchema)) body: CreateGuest): Promise<InternalUser> {
    return this.directory.createGuest(body.clientAddress);
  }

  /** docs/decisions/0012-sharing-and-roles.md: whom an owner invites, by username or email; guests and deleted accounts are no one to invite. */
  @Post('lookup')
  @HttpCode(200)
  @InternalCallers('content')
  async lookUp(@Body(new ZodPipe(userLookupSchema)) body: { login: string }): Promise<UserProfile> {
    const user = await this.users.findByLogin(body.login);
    if (!user) throw notFound(NO_SUCH_USER);
    return toUserProfile(user);
  }

  /** Names to show beside shares and shared items. */
  @Post('profiles')
  @HttpCode(200)
  @InternalCallers('content')
  async profiles(@Body(new ZodPipe(userProfilesQuerySchema)) body: { ids: number[] }): Promise<UserProfile[]> {
    return (await this.users.findManyActive(body.ids)).map(toUserProfile);
  }

  @Get(':id')
  @InternalCallers('content', 'chat', 'chat-worker', 'export')
  async getUser(@Param(new ZodPipe(userIdParamsSchema)) params: UserIdParams): Promise<InternalUser> {
    const user = await this.directory.getUser(params.id);
    if (!user) throw notFound('User not found');
    return user;
  }

  /**
   * docs/decisions/0006-ai-providers.md: the decrypted custom key; null when the user stores none.
   * Its only reader is the chat worker (docs/decisions/0003-internal-calls.md), which also mints the realtime voice tokens.
   */
  @Get(':id/openai-key')
  @InternalCallers('chat-worker')
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
