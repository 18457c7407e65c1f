import type { CreateTemplate, Template } from '@prd/proto';
import { api } from '../../shared/api/api';

/** Saving a template of one's own or one's team's (docs/decisions/0038-custom-templates.md); the gallery's list is content-api's. */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveTemplate: build.mutation<Template, CreateTemplate>({
      query: (body) => ({ url: '/api/templates', method: 'POST', body }),
      invalidatesTags: ['Templates'],
    }),
  }),
});

export const { useSaveTemplateMutation } = templatesApi;
