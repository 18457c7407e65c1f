import { Module } from '@nestjs/common';
import { InternalNotificationsController, NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';

@Module({ controllers: [NotificationsController, InternalNotificationsController], providers: [NotificationsService] })
export class NotificationsModule {}
