import type { CreateShare, GrantableRole, Share, SharedDocument, SharedDocumentSummary, SharedProjectDto, ShareLink, ShareLinkState } from '@prd/proto';
import { api } from '../../shared/api/api';

/** What is shared: `documents/12` or `projects/3`. */
export interface SharedItem {
  kind: 'documents' | 'projects';
  id: number;
}

const itemTag = ({ kind, id }: SharedItem) => `${kind}/${id}`;

/** docs/decisions/0012-sharing-and-roles.md's calls: who has access, invitations, roles, the read-only link, and what others shared with the user. */
export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShares: build.query<Share[], SharedItem>({
      query: ({ kind, id }) => `/api/${kind}/${id}/shares`,
      providesTags: (_r, _e, item) => [{ type: 'Shares', id: itemTag(item) }],
    }),
    addShare: build.mutation<Share, SharedItem & CreateShare>({
      query: ({ kind, id, ...body }) => ({ url: `/api/${kind}/${id}/shares`, method: 'POST', body }),
      invalidatesTags: (_r, _e, item) => [{ type: 'Shares', id: itemTag(item) }],
    }),
    updateShare: build.mutation<Share, SharedItem & { userId: number; role: GrantableRole }>({
      query: ({ kind, id, userId, role }) => ({ url: `/api/${kind}/${id}/shares/${userId}`, method: 'PATCH', body: { role } }),
      invalidatesTags: (_r, _e, item) => [{ type: 'Shares', id: itemTag(item) }],
    }),
    removeShare: build.mutation<null, SharedItem & { userId: number }>({
      query: ({ kind, id, userId }) => ({ url: `/api/${kind}/${id}/shares/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, item) => [{ type: 'Shares', id: itemTag(item) }],
    }),
    getShareLink: build.query<ShareLinkState, number>({
      query: (id) => `/api/documents/${id}/share-link`,
      providesTags: (_r, _e, id) => [{ type: 'ShareLink', id }],
    }),
    createShareLink: build.mutation<ShareLink, number>({
      query: (id) => ({ url: `/api/documents/${id}/share-link`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'ShareLink', id }],
    }),
    revokeShareLink: build.mutation<null, number>({
      query: (id) => ({ url: `/api/documents/${id}/share-link`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'ShareLink', id }],
    }),
    getSharedDocuments: build.query<SharedDocumentSummary[], void>({
      query: () => '/api/documents?scope=shared',
      providesTags: ['SharedWithMe'],
    }),
    getSharedProjects: build.query<SharedProjectDto[], void>({
      query: () => '/api/projects?scope=shared',
      providesTags: ['SharedWithMe'],
    }),
    getSharedDocument: build.query<SharedDocument, string>({
      query: (token) => `/api/share/${encodeURIComponent(token)}`,
    }),
  }),
});

export const {
  useGetSharesQuery,
  useAddShareMutation,
  useUpdateShareMutation,
  useRemoveShareMutation,
  useGetShareLinkQuery,
  useCreateShareLinkMutation,
  useRevokeShareLinkMutation,
  useGetSharedDocumentsQuery,
  useGetSharedProjectsQuery,
  useGetSharedDocumentQuery,
} = sharingApi;
