import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { InternalUsageController } from './internal-usage.controller.js';
import { InternalUsersController } from './internal-users.controller.js';

@Module({ imports: [UsageModule, SettingsModule], controllers: [InternalUsersController, InternalUsageController] })
export class InternalModule {}
