import type {
  AddWorkspaceMember,
  DocumentDto,
  CreateWorkspace,
  InvitePreview,
  SharedDocumentSummary,
  UpdateWorkspace,
  WorkspaceDto,
  WorkspaceInvite,
  WorkspaceMember,
  WorkspaceRole,
} from '@prd/proto';
import { api } from '../../shared/api/api';

/** docs/decisions/0037-workspaces.md's calls: the user's workspaces, their documents, members and invite links. */
export const workspacesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkspaces: build.query<WorkspaceDto[], void>({
      query: () => '/api/workspaces',
      providesTags: ['Workspaces'],
    }),
    createWorkspace: build.mutation<WorkspaceDto, CreateWorkspace>({
      query: (body) => ({ url: '/api/workspaces', method: 'POST', body }),
      invalidatesTags: ['Workspaces'],
    }),
    updateWorkspace: build.mutation<WorkspaceDto, UpdateWorkspace & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/workspaces/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Workspaces'],
    }),
    getWorkspaceDocuments: build.query<SharedDocumentSummary[], number>({
      query: (id) => `/api/documents?workspace=${id}`,
      providesTags: ['Documents'],
    }),
    getWorkspaceMembers: build.query<WorkspaceMember[], number>({
      query: (id) => `/api/workspaces/${id}/members`,
      providesTags: (_r, _e, id) => [{ type: 'WorkspaceMembers', id }],
    }),
    addWorkspaceMember: build.mutation<WorkspaceMember, AddWorkspaceMember & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/workspaces/${id}/members`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'WorkspaceMembers', id }],
    }),
    updateWorkspaceMember: build.mutation<WorkspaceMember, { id: number; userId: number; role: WorkspaceRole }>({
      query: ({ id, userId, role }) => ({ url: `/api/workspaces/${id}/members/${userId}`, method: 'PATCH', body: { role } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'WorkspaceMembers', id }, 'Workspaces'],
    }),
    removeWorkspaceMember: build.mutation<null, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `/api/workspaces/${id}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'WorkspaceMembers', id }, 'Workspaces', 'Documents'],
    }),
    /** "Move to…" (docs/decisions/0037-workspaces.md): a workspace, or null for Personal. */
    moveDocumentToWorkspace: build.mutation<DocumentDto, { id: number; workspaceId: number | null }>({
      query: ({ id, workspaceId }) => ({ url: `/api/documents/${id}`, method: 'PATCH', body: { workspaceId } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Document', id }, 'Documents', 'ProjectDocuments'],
    }),
    createWorkspaceInvite: build.mutation<WorkspaceInvite, number>({
      query: (id) => ({ url: `/api/workspaces/${id}/invites`, method: 'POST' }),
    }),
    getInvite: build.query<InvitePreview, string>({
      query: (token) => `/api/invites/${encodeURIComponent(token)}`,
    }),
    acceptInvite: build.mutation<WorkspaceDto, string>({
      query: (token) => ({ url: `/api/invites/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      invalidatesTags: ['Workspaces', 'Documents'],
    }),
  }),
});

export const {
  useGetWorkspacesQuery,
  useCreateWorkspaceMutation,
  useUpdateWorkspaceMutation,
  useGetWorkspaceDocumentsQuery,
  useGetWorkspaceMembersQuery,
  useAddWorkspaceMemberMutation,
  useUpdateWorkspaceMemberMutation,
  useRemoveWorkspaceMemberMutation,
  useMoveDocumentToWorkspaceMutation,
  useCreateWorkspaceInviteMutation,
  useGetInviteQuery,
  useAcceptInviteMutation,
} = workspacesApi;
