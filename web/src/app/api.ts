import type { CurrentUser, Usage } from '@prd/proto';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './api-base-query';

/**
 * The one RTK Query slice of the client. Features add their endpoints with `api.injectEndpoints`.
 * docs/product.md §7 defaults: no retry (none is configured), no refetch on focus or reconnect, and cached
 * results are reused rather than refetched when a component mounts.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['CurrentUser', 'Usage', 'Settings', 'Templates', 'Documents', 'Projects', 'ProjectDocuments', 'Activities', 'Notifications'],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: (build) => ({
    /** Visitors get `{ isAuthenticated: false, isAnonymous: true }`; a 401 also means "no user". */
    getCurrentUser: build.query<CurrentUser | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('/api/current-user');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as CurrentUser | null };
      },
      providesTags: ['CurrentUser'],
    }),
    /** This month's usage and limits (docs/product.md §3); a null limit is unlimited. */
    getUsage: build.query<Usage, void>({
      query: () => '/api/usage',
      providesTags: ['Usage'],
    }),
  }),
});

export const { useGetCurrentUserQuery, useGetUsageQuery } = api;
