import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ imports: [AuthModule, UsageModule], controllers: [SettingsController], providers: [SettingsService], exports: [SettingsService] })
export class SettingsModule {}
