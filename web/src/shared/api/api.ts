import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './api-base-query';

/**
 * The one RTK Query slice of the client (docs/architecture.md, "Web client"). It declares every cache tag, so
 * a call of one feature can invalidate what another shows, and no endpoint: those are injected by one
 * `*-api.ts` file per feature (`features/<name>/<name>-api.ts`) or, for the calls several features use, per
 * service (`shared/api/<service>-api.ts`).
 * docs/product.md §7 defaults: no retry (none is configured), no refetch on focus or reconnect, and cached
 * results are reused rather than refetched when a component mounts.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [
    // identity
    'CurrentUser',
    'Usage',
    'Settings',
    'Notifications',
    // content
    'Templates',
    'Documents',
    'Document',
    'Revisions',
    'Projects',
    'ProjectDocuments',
    'Activities',
    'Shares',
    'ShareLink',
    'SharedWithMe',
    'Comments',
    'Suggestions',
    'ApiTokens',
    'Workspaces',
    'WorkspaceMembers',
    // chat
    'Threads',
    'ChatMessages',
    'AiEdits',
  ],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
