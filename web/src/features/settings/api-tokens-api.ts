import type { CreatedToken, CreateToken, TokenDto } from '@prd/proto';
import { api } from '../../shared/api/api';

/** Settings → API tokens: identity's `/api/tokens` (docs/decisions/0015-programmatic-access.md). */
export const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiTokens: build.query<TokenDto[], void>({
      query: () => '/api/tokens',
      providesTags: ['ApiTokens'],
    }),
    /** The answer holds the secret, which the section shows this once. */
    createApiToken: build.mutation<CreatedToken, CreateToken>({
      query: (body) => ({ url: '/api/tokens', method: 'POST', body }),
      invalidatesTags: ['ApiTokens'],
    }),
    revokeApiToken: build.mutation<null, number>({
      query: (id) => ({ url: `/api/tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiTokens'],
    }),
  }),
});

export const { useGetApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } = apiTokensApi;
