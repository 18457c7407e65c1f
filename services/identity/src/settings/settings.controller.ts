import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentUser, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import { apiKeySchema, SIGN_UP_REQUIRED, TOKEN_SESSION_REQUIRED, type ApiKeyRequest, type Settings } from '@prd/proto';
import { SettingsService } from './settings.service.js';

@Controller('api/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Guests and anonymous visitors have no key: false, so the panel can show its sign-up notice. */
  @Get()
  @WithUser()
  get(@CurrentUser() user: ActingUser | null): Promise<Settings> {
    return this.settings.settingsOf(user?.id ?? null);
  }

  @Post('api-key')
  @HttpCode(200)
  @WithUser({ registered: SIGN_UP_REQUIRED, sessionOnly: TOKEN_SESSION_REQUIRED })
  store(@CurrentUser() user: ActingUser, @Body(new ZodPipe(apiKeySchema)) body: ApiKeyRequest): Promise<Settings> {
    return this.settings.storeKey(user.id, body.apiKey);
  }

  @Delete('api-key')
  @WithUser({ registered: SIGN_UP_REQUIRED, sessionOnly: TOKEN_SESSION_REQUIRED })
  clear(@CurrentUser() user: ActingUser): Promise<Settings> {
    return this.settings.clearKey(user.id);
  }
}
