import type { CreateDocument, DocumentDto, DocumentSummary, ProjectDto, Template } from '@prd/proto';
import type { ProjectStatus } from '@prd/proto/project-statuses';
import { api } from './api';

export interface ProjectInput {
  name: string;
  description: string;
  status: ProjectStatus;
}

/** The content service's calls (docs/product.md §7): templates, documents, projects and project documents. */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTemplates: build.query<Template[], void>({
      query: () => '/api/templates',
      providesTags: ['Templates'],
    }),
    getDocuments: build.query<DocumentSummary[], void>({
      query: () => '/api/documents',
      providesTags: ['Documents'],
    }),
    /** An anonymous visitor's first document makes them a guest, so the user and usage change too. */
    createDocument: build.mutation<DocumentDto, CreateDocument>({
      query: (body) => ({ url: '/api/documents', method: 'POST', body }),
      invalidatesTags: ['Documents', 'ProjectDocuments', 'Activities', 'Usage', 'CurrentUser'],
    }),
    /** Attaches a document to a project (docs/product.md §7: the PATCH with projectId). */
    moveDocumentToProject: build.mutation<DocumentDto, { id: number; projectId: number }>({
      query: ({ id, projectId }) => ({ url: `/api/documents/${id}`, method: 'PATCH', body: { projectId } }),
      invalidatesTags: ['Documents', 'ProjectDocuments', 'Activities'],
    }),
    deleteDocument: build.mutation<{ id: number }, number>({
      query: (id) => ({ url: `/api/documents/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Documents', 'ProjectDocuments', 'Activities'],
    }),
    getProjects: build.query<ProjectDto[], void>({
      query: () => '/api/projects',
      providesTags: ['Projects'],
    }),
    getProject: build.query<ProjectDto, number>({
      query: (id) => `/api/projects/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Projects', id }],
    }),
    getProjectDocuments: build.query<DocumentDto[], number>({
      query: (id) => `/api/projects/${id}/documents`,
      providesTags: (_result, _error, id) => [{ type: 'ProjectDocuments', id }, 'ProjectDocuments'],
    }),
    createProject: build.mutation<ProjectDto, ProjectInput>({
      query: (body) => ({ url: '/api/projects', method: 'POST', body }),
      invalidatesTags: ['Projects', 'Activities'],
    }),
    updateProject: build.mutation<ProjectDto, ProjectInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/projects/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Projects', 'Activities'],
    }),
    deleteProject: build.mutation<{ id: number }, number>({
      query: (id) => ({ url: `/api/projects/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Projects', 'ProjectDocuments', 'Documents', 'Activities'],
    }),
  }),
});

export const {
  useGetTemplatesQuery,
  useGetDocumentsQuery,
  useCreateDocumentMutation,
  useMoveDocumentToProjectMutation,
  useDeleteDocumentMutation,
  useGetProjectsQuery,
  useGetProjectQuery,
  useGetProjectDocumentsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = contentApi;
