import type { ChatMessage, DocumentDto, DocumentFlowMode, Template } from '@prd/proto';
import { api } from '../../app/api';

/** `POST /api/document-flow/start`: the new document, the opening exchange, and whether it is already complete. */
export interface FlowStartAnswer {
  document: DocumentDto;
  userMessage: ChatMessage;
  assistantMessage: ChatMessage;
  isComplete: boolean;
}

/** `POST /api/document-flow/message`: the exchange, the document as the answer left it, and completion. */
export interface FlowMessageAnswer {
  userMessage: ChatMessage;
  assistantMessage: ChatMessage;
  document: DocumentDto;
  isComplete: boolean;
}

/** The guided document creation calls (SPEC §7). Starting creates a document; each answer consumes a message. */
export const documentFlowApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTemplate: build.query<Template, number>({
      query: (id) => `/api/templates/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Templates', id }],
    }),
    startDocumentFlow: build.mutation<FlowStartAnswer, { templateId: number; title: string; mode: DocumentFlowMode }>({
      query: (body) => ({ url: '/api/document-flow/start', method: 'POST', body }),
      invalidatesTags: ['Documents', 'Usage', 'CurrentUser'],
    }),
    sendDocumentFlowMessage: build.mutation<FlowMessageAnswer, { documentId: number; content: string; mode: DocumentFlowMode }>({
      query: (body) => ({ url: '/api/document-flow/message', method: 'POST', body }),
      invalidatesTags: ['Documents', 'Usage'],
    }),
  }),
});

export const { useGetTemplateQuery, useStartDocumentFlowMutation, useSendDocumentFlowMessageMutation } = documentFlowApi;
