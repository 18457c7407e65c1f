import type { FeedbackAnswer, FeedbackRequest } from '@prd/proto';
import { api } from '../../shared/api/api';

/** `POST /api/feedback` (docs/product.md §7); an anonymous visitor's feedback makes them a guest. */
export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<FeedbackAnswer, FeedbackRequest>({
      query: (body) => ({ url: '/api/feedback', method: 'POST', body }),
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
