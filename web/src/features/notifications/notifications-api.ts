import type { MarkNotificationsRead, NotificationsPage } from '@prd/proto';
import { api } from '../../shared/api/api';

/** docs/decisions/0012-sharing-and-roles.md's notifications: the newest page with the unread count, and marking read. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsPage, void>({
      query: () => '/api/notifications',
      providesTags: ['Notifications'],
    }),
    markNotificationsRead: build.mutation<{ unread: number }, MarkNotificationsRead>({
      query: (body) => ({ url: '/api/notifications/read', method: 'POST', body }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;
