import type { AccountDeleteAnswer, CurrentUser, DemoAccount, LoginRequest, RegisterRequest, Settings, SsoConfig, SsoLinkRequest, SsoPendingLink, Usage } from '@prd/proto';
import { SSO_PATHS } from '@prd/proto/sso-messages';
import { api } from './api';

/** Who the user is changes: everything cached for the previous identity is stale. */
const IDENTITY_TAGS = ['CurrentUser', 'Usage', 'Settings', 'Documents', 'Projects', 'ProjectDocuments', 'Activities'] as const;

/** The identity service's calls (docs/product.md §7): the current user and usage, log-in, sign-up, settings, the custom key and the account. */
export const identityApi = api.injectEndpoints({
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
    login: build.mutation<CurrentUser, LoginRequest>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
      invalidatesTags: [...IDENTITY_TAGS],
    }),
    register: build.mutation<CurrentUser, RegisterRequest>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
      invalidatesTags: [...IDENTITY_TAGS],
    }),
    /** 404 when the demo account is off: the auth screen then shows no test-account box. */
    getDemoAccount: build.query<DemoAccount | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('/api/demo-account');
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as DemoAccount };
      },
    }),
    /** docs/decisions/0036-single-sign-on-openid-connect.md: the "Continue with …" label, null when sign-on is off. */
    getSsoConfig: build.query<SsoConfig, void>({
      query: () => SSO_PATHS.config,
    }),
    /** 404 when no sign-in waits to be linked (expired, used, or another browser): the page says so. */
    getSsoPendingLink: build.query<SsoPendingLink | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery(SSO_PATHS.link);
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as SsoPendingLink };
      },
    }),
    confirmSsoLink: build.mutation<CurrentUser, SsoLinkRequest>({
      query: (body) => ({ url: SSO_PATHS.link, method: 'POST', body }),
      invalidatesTags: [...IDENTITY_TAGS],
    }),
    getSettings: build.query<Settings, void>({
      query: () => '/api/settings',
      providesTags: ['Settings'],
    }),
    saveApiKey: build.mutation<Settings, { apiKey: string }>({
      query: (body) => ({ url: '/api/settings/api-key', method: 'POST', body }),
      invalidatesTags: ['Settings', 'Usage'],
    }),
    removeApiKey: build.mutation<Settings, void>({
      query: () => ({ url: '/api/settings/api-key', method: 'DELETE' }),
      invalidatesTags: ['Settings', 'Usage'],
    }),
    deleteAccount: build.mutation<AccountDeleteAnswer, void>({
      query: () => ({ url: '/api/account', method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useGetUsageQuery,
  useLoginMutation,
  useRegisterMutation,
  useGetDemoAccountQuery,
  useGetSsoConfigQuery,
  useGetSsoPendingLinkQuery,
  useConfirmSsoLinkMutation,
  useGetSettingsQuery,
  useSaveApiKeyMutation,
  useRemoveApiKeyMutation,
  useDeleteAccountMutation,
} = identityApi;
