import type { ChatMessage, DocumentDto, Template } from '@prd/proto';
import { api } from '../../shared/api/api';

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

/** The template of a guided document creation; its calls stream (docs/decisions/0014-streaming-replies.md) through the shared chat conversation. */
export const documentFlowApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTemplate: build.query<Template, number>({
      query: (id) => `/api/templates/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Templates', id }],
    }),
  }),
});

export const { useGetTemplateQuery } = documentFlowApi;
