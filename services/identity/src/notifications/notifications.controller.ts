import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { CurrentUser, InternalCallers, InternalGuard, WithUser, ZodPipe, type ActingUser } from '@prd/kit';
import {
  internalCreateNotificationsSchema,
  markNotificationsReadSchema,
  notificationsQuerySchema,
  type InternalCreateNotifications,
  type MarkNotificationsRead,
  type NotificationsPage,
} from '@prd/proto';
import { NotificationsService } from './notifications.service.js';

/** The user's notifications; a visitor without a user has none. */
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @WithUser()
  list(@CurrentUser() user: ActingUser | null, @Query(new ZodPipe(notificationsQuerySchema)) query: { before?: number }): Promise<NotificationsPage> {
    if (!user) return Promise.resolve({ items: [], unread: 0, nextBefore: null });
    return this.notifications.list(user.id, query.before);
  }

  @Post('read')
  @HttpCode(200)
  @WithUser()
  read(@CurrentUser() user: ActingUser | null, @Body(new ZodPipe(markNotificationsReadSchema)) body: MarkNotificationsRead): Promise<{ unread: number }> {
    if (!user) return Promise.resolve({ unread: 0 });
    return this.notifications.markRead(user.id, body);
  }
}

/** docs/decisions/0003-internal-calls.md: content tells identity whom to notify (shares, comments, replies, mentions). */
@Controller('internal/notifications')
@UseGuards(InternalGuard)
@InternalCallers('content')
export class InternalNotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Post()
  @HttpCode(204)
  async create(@Body(new ZodPipe(internalCreateNotificationsSchema)) body: InternalCreateNotifications): Promise<void> {
    await this.notifications.create(body);
  }
}
